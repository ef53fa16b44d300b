import type { Page } from '@playwright/test';
import { expect, expectAxeClean, openWithRuntime, runtimeIdle, test, urlFor } from './fixtures';
import { withoutBaseUri } from './fixtures';

const NOTICES = '/clinic/en/notices/';
const dialogOf = (page: Page, id: string) =>
  page.locator(`dialog[data-sw-dialog]:has(> #${id}), dialog[data-sw-dialog]:has(#${id})`);
const isOpen = (page: Page, id: string) =>
  dialogOf(page, id).evaluate((d: HTMLDialogElement) => d.open && d.matches(':modal'));

/** Records the runtime's modal events on window.modalEvents. */
async function recordEvents(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { modalEvents: string[] };
    w.modalEvents = [];
    for (const type of ['sw:modal:open', 'sw:modal:close'])
      document.addEventListener(type, (e) => {
        const d = (e as CustomEvent<{ id: string; reason?: string }>).detail;
        w.modalEvents.push(`${type} ${d.id}${d.reason ? ` ${d.reason}` : ''}`);
      });
  });
}
const events = (page: Page) =>
  page.evaluate(() => (window as unknown as { modalEvents: string[] }).modalEvents);

/**
 * Fake timers, paused: the page's time moves only by `page.clock.runFor`. Idle callbacks are
 * faked too, but one asked for while no timer is pending runs at once, so a lazy chunk may be
 * requested before the first runFor.
 */
async function pausedClock(page: Page) {
  await page.clock.install({ time: new Date('2026-11-22T08:00:00Z') });
  await page.clock.pauseAt(new Date('2026-11-22T08:00:01Z'));
}

/**
 * Moves the paused clock on in small steps until the modal's chunk has connected. It is
 * fetched when the browser is idle after the first paint, which comes on the browser's time,
 * not the page's clock; where no paint is reported (Firefox reports only a contentful one, and
 * a page opened at an anchor may have none) the runtime goes on after a 2 s bound on the page's clock.
 */
async function runUntilReady(page: Page, id: string) {
  const ready = page.locator(`#${id}`);
  await expect
    .poll(
      async () => {
        if (await ready.evaluate((el) => el.hasAttribute('data-sw-ready'))) return true;
        await page.clock.runFor(250);
        return false;
      },
      { intervals: [20], timeout: 15_000 },
    )
    .toBe(true);
}

/** Opens a page under the paused clock and lets the modal chunk connect. */
async function openPaused(page: Page, url: string, id: string) {
  await openWithRuntime(page, url);
  await runUntilReady(page, id);
}

/** Blocks the load-triggered welcome modal of the notices page, for tests about the others. */
/** Swaps one rule of the fixture's theme for another, as a builder's own CSS could have it. */
const retheme = (page: Page, selector: string, rule: string) =>
  page.evaluate(
    ([selector, rule]) => {
      const sheet = document.styleSheets[0]!;
      sheet.deleteRule([...sheet.cssRules].findIndex((r) => (r as CSSStyleRule).selectorText === selector));
      sheet.insertRule(rule);
    },
    [selector, rule],
  );

async function welcomeSeen(page: Page) {
  // Not in the initial about:blank, where Firefox's storage throws (init scripts run there too).
  await page.addInitScript(
    () => location.protocol === 'http:' && sessionStorage.setItem('sw-modal:welcome', '1'),
  );
}

test.describe('modals: opening', () => {
  test('a link to the modal and a data-sw-modal-open button open it; focus moves in and returns', async ({
    page,
  }) => {
    await recordEvents(page);
    await openWithRuntime(page, urlFor('/clinic/en/'));
    await expect(page.locator('#flu-shots')).toHaveAttribute('data-sw-ready', '');
    const opener = page.locator('button[data-sw-modal-open="flu-shots"]');
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => isOpen(page, 'flu-shots')).toBe(true);
    const dialog = dialogOf(page, 'flu-shots');
    await expect(dialog).toHaveAccessibleName('Flu shots are here');
    await expect(page.getByRole('dialog')).toHaveCount(1);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await expectAxeClean(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    await expect(opener).toBeFocused();
    // The link form (href="#flu-shots") opens it too, without changing the address.
    await page.locator('a[href="#flu-shots"]').first().click();
    await expect.poll(() => isOpen(page, 'flu-shots')).toBe(true);
    expect(new URL(page.url()).hash).toBe('');
    expect(await events(page)).toEqual([
      'sw:modal:open flu-shots',
      'sw:modal:close flu-shots escape',
      'sw:modal:open flu-shots',
    ]);
  });

  test('closed by a form in its content (method="dialog"), it is closed for the runtime too', async ({
    page,
  }) => {
    await recordEvents(page);
    await openWithRuntime(page, urlFor('/clinic/en/'));
    await expect(page.locator('#flu-shots')).toHaveAttribute('data-sw-ready', '');
    await page.locator('#flu-shots').evaluate((el) => {
      const form = el.appendChild(document.createElement('form'));
      form.method = 'dialog';
      form.appendChild(document.createElement('button')).textContent = 'Got it';
    });
    const opener = page.locator('button[data-sw-modal-open="flu-shots"]');
    const dialog = dialogOf(page, 'flu-shots');
    for (const round of [1, 2]) {
      await opener.click();
      await expect(dialog).toHaveAttribute('data-sw-shown', '');
      await page.getByRole('button', { name: 'Got it' }).click();
      await expect
        .poll(() => dialog.evaluate((d: HTMLDialogElement) => d.open), `round ${round}`)
        .toBe(false);
      await expect(dialog).not.toHaveAttribute('data-sw-shown', '');
      await expect(opener).toBeFocused();
    }
    expect(await events(page)).toEqual([
      'sw:modal:open flu-shots',
      'sw:modal:close flu-shots escape',
      'sw:modal:open flu-shots',
      'sw:modal:close flu-shots escape',
    ]);
  });

  test('the URL hash opens a modal on load and on hashchange, whatever its trigger', async ({ page }) => {
    await welcomeSeen(page);
    await openWithRuntime(page, `${urlFor(NOTICES)}#newsletter`);
    await expect.poll(() => isOpen(page, 'newsletter')).toBe(true);
    await page.keyboard.press('Escape');
    await expect
      .poll(() => dialogOf(page, 'newsletter').evaluate((d: HTMLDialogElement) => d.open))
      .toBe(false);
    await page.evaluate(() => (location.hash = 'visiting'));
    await expect.poll(() => isOpen(page, 'visiting')).toBe(true);
  });

  test('trigger load opens after the delay, once per session (sessionStorage)', async ({ page }) => {
    await pausedClock(page);
    // The delay runs from when the modal connects (its chunk may arrive before or during the
    // first runFor): both moments are read on the page's own clock.
    await page.addInitScript(() => {
      const w = window as unknown as { connectedAt?: number; openedAt?: number };
      new MutationObserver(() => {
        if (!w.connectedAt && document.getElementById('welcome')?.hasAttribute('data-sw-ready'))
          w.connectedAt = Date.now();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-sw-ready'] });
      document.addEventListener('sw:modal:open', () => (w.openedAt ??= Date.now()));
    });
    await openPaused(page, urlFor(NOTICES), 'welcome');
    await page.clock.runFor(3000);
    await expect.poll(() => isOpen(page, 'welcome')).toBe(true);
    const { connectedAt, openedAt } = await page.evaluate(() => {
      const w = window as unknown as { connectedAt: number; openedAt: number };
      return { connectedAt: w.connectedAt, openedAt: w.openedAt };
    });
    // Exactly the delay after it connected: not before, not later.
    expect(openedAt - connectedAt).toBe(1000);
    expect(await page.evaluate(() => sessionStorage.getItem('sw-modal:welcome'))).toBe('1');
    await page.clock.resume(); // axe needs time to run
    await expectAxeClean(page);
    await page.reload();
    await runUntilReady(page, 'welcome');
    await page.clock.runFor(3000);
    expect(await dialogOf(page, 'welcome').evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
  });

  test('trigger scroll opens past scrollPercent; localStorage blocks it until it expires, then is cleared', async ({
    page,
  }) => {
    await welcomeSeen(page);
    // The page's exit modal arms after its exitDelay (10 s), in the background: idle() does
    // not wait for it (the unit test of the exit trigger holds that).
    const idle = async () => {
      await expect(page.locator('[data-sw-modal]:not([data-sw-ready])')).toHaveCount(0);
      await runtimeIdle(page);
    };
    await openWithRuntime(page, urlFor(NOTICES));
    await expect(page.locator('#newsletter')).toHaveAttribute('data-sw-ready', '');
    const scrollTo = (percent: number) =>
      page.evaluate(
        (p) =>
          window.scrollTo({
            top: ((document.documentElement.scrollHeight - innerHeight) * p) / 100,
            behavior: 'instant',
          }),
        percent,
      );
    await scrollTo(40);
    await idle();
    expect(await dialogOf(page, 'newsletter').evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    await scrollTo(60);
    await expect.poll(() => isOpen(page, 'newsletter')).toBe(true);
    const [until, now] = await page.evaluate(() => [
      Number(localStorage.getItem('sw-modal:newsletter')),
      Date.now(),
    ]);
    const days = (until! - now!) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    // Across a reload it stays blocked...
    await page.reload();
    await expect(page.locator('#newsletter')).toHaveAttribute('data-sw-ready', '');
    await scrollTo(100);
    await idle();
    expect(await dialogOf(page, 'newsletter').evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    // ...until the expiry has passed: then the flag is cleared and it opens again. From the top:
    // a reload restores the position, and one past scrollPercent opens it at load.
    await scrollTo(0);
    await page.evaluate(() => localStorage.setItem('sw-modal:newsletter', String(Date.now() - 1000)));
    await page.reload();
    await expect(page.locator('#newsletter')).toHaveAttribute('data-sw-ready', '');
    await scrollTo(0);
    await idle();
    expect(await page.evaluate(() => localStorage.getItem('sw-modal:newsletter'))).toBeNull();
    await scrollTo(100);
    await expect.poll(() => isOpen(page, 'newsletter')).toBe(true);
  });

  test('trigger scroll: a page loaded already past scrollPercent (an anchor) opens it without a scroll', async ({
    page,
  }) => {
    await welcomeSeen(page);
    await openWithRuntime(page, `${urlFor(NOTICES)}#records`);
    expect(
      await page.evaluate(() => scrollY / (document.documentElement.scrollHeight - innerHeight)),
    ).toBeGreaterThan(0.5);
    await expect.poll(() => isOpen(page, 'newsletter')).toBe(true);
  });

  test('trigger exit: the pointer leaving through the top (y ≤ 10) only after exitDelay @wide', async ({
    page,
  }) => {
    await welcomeSeen(page);
    await pausedClock(page);
    await openPaused(page, urlFor(NOTICES), 'leaving');
    const leaveAt = async (y: number) => {
      await page.mouse.move(400, 300);
      await page.mouse.move(400, y);
      await page.evaluate(
        (y) =>
          document.documentElement.dispatchEvent(
            new MouseEvent('mouseout', { bubbles: true, clientX: 400, clientY: y, relatedTarget: null }),
          ),
        y,
      );
    };
    await leaveAt(5);
    expect(await dialogOf(page, 'leaving').evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    await page.clock.runFor(10_000);
    await leaveAt(40); // leaving lower down (to the side) is not exit intent
    expect(await dialogOf(page, 'leaving').evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    await leaveAt(8);
    await expect.poll(() => isOpen(page, 'leaving')).toBe(true);
  });

  test('storage that throws breaks nothing: the modal simply opens again', async ({ page }) => {
    await page.addInitScript(() => {
      for (const name of ['sessionStorage', 'localStorage'])
        Object.defineProperty(window, name, {
          get() {
            throw new DOMException('blocked', 'SecurityError');
          },
        });
    });
    await pausedClock(page);
    await openPaused(page, urlFor(NOTICES), 'welcome');
    await page.clock.runFor(1100);
    await expect.poll(() => isOpen(page, 'welcome')).toBe(true);
  });
});

test.describe('SiteRuntime.idle() and the dialogs’ fades', () => {
  test('once idle() resolves a dialog has begun to show, and after Escape it is closed', async ({ page }) => {
    // Read at once, never polled: idle() is the only wait (the fades take 300 ms).
    const shown = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('dialog[open]')].map((d) => d.hasAttribute('data-sw-shown')),
      );
    const check = async (open: () => Promise<void>) => {
      await open();
      await runtimeIdle(page);
      expect(await shown()).toEqual([true]);
      await page.keyboard.press('Escape');
      await runtimeIdle(page);
      expect(await shown()).toEqual([]);
    };
    await welcomeSeen(page);
    await openWithRuntime(page, urlFor(NOTICES));
    await check(() => page.locator('a[href="#visiting"]').click());
    await openWithRuntime(page, urlFor('/clinic/en/gallery/'));
    await check(() => page.locator('a[data-sw-lightbox="rooms"]').first().click());
    await openWithRuntime(page, urlFor('/clinic/en/team/'));
    await check(() => page.locator('[data-sw-tile]').first().click());
  });
});

test.describe('a modal opened from a submenu', () => {
  test('gives focus back to its link, the submenu still open; else to the submenu’s button', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await welcomeSeen(page);
    await openWithRuntime(page, urlFor(NOTICES));
    const sub = page.locator('nav[data-sw-menu] > ul > li:nth-child(2) > ul');
    await sub.evaluate((ul) => {
      const li = document.createElement('li');
      const a = li.appendChild(document.createElement('a'));
      a.id = 'sub-opener';
      a.href = '#visiting';
      a.textContent = 'Visiting hours';
      ul.append(li);
    });
    const button = page.getByRole('button', { name: /Services/ });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(sub).toBeVisible();
    await page.locator('#sub-opener').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => isOpen(page, 'visiting')).toBe(true);
    // Focus went into the dialog: the visitor has not left the menu, and its submenu stays.
    await page.keyboard.press('Escape');
    await runtimeIdle(page);
    await expect(page.locator('#sub-opener')).toBeFocused();
    await expect(sub).toBeVisible();

    // Closed meanwhile (a click elsewhere): its disclosure button, never the next menu item.
    await page.keyboard.press('Enter');
    await expect.poll(() => isOpen(page, 'visiting')).toBe(true);
    await page.mouse.click(5, 5); // the backdrop: outside the menu, so the submenu closes
    await runtimeIdle(page);
    await expect(sub).toBeHidden();
    await expect(button).toBeFocused();
  });
});

test.describe('a modal element the page replaces or moves', () => {
  test('is a modal again where it is now: hidden in the page, shown by its openers', async ({ page }) => {
    await welcomeSeen(page);
    await openWithRuntime(page, urlFor(NOTICES));
    const link = page.locator('a[href="#visiting"]');
    const check = async (text: string) => {
      await expect(page.locator('#visiting')).toBeHidden();
      await expect(page.locator('[id="visiting"]')).toHaveCount(1);
      await link.click();
      await expect.poll(() => isOpen(page, 'visiting')).toBe(true);
      await expect(dialogOf(page, 'visiting')).toContainText(text);
      await page.keyboard.press('Escape');
      await expect.poll(() => isOpen(page, 'visiting')).toBe(false);
    };
    // Replaced (a script re-rendering it): the new element, not the old one, and never lost.
    await page.evaluate(() => {
      const fresh = Object.assign(document.createElement('div'), { id: 'visiting', className: 'modal' });
      fresh.setAttribute('data-sw-modal', '{}');
      fresh.setAttribute('aria-labelledby', 'visiting-title-2');
      fresh.append(
        Object.assign(document.createElement('h2'), { id: 'visiting-title-2', textContent: 'New rules' }),
      );
      document.getElementById('visiting')!.replaceWith(fresh);
    });
    await check('New rules');
    // Moved elsewhere in the page: adopted again there, never left in the page's flow.
    await page.evaluate(() => document.querySelector('main')!.append(document.getElementById('visiting')!));
    await check('New rules');
    // No dialog left behind without its element.
    await expect(
      page.locator('dialog[data-sw-dialog]:not(:has([data-sw-modal], [data-sw-consent-modal]))'),
    ).toHaveCount(0);
  });
});

test.describe('a modal whose place the page hides', () => {
  // A carousel's slide not shown, a closed <details>, a `hidden` container: opened there, the
  // dialog was modal but not drawn (0×0), focus on the body, the page inert and locked.
  test('is shown from the end of the body, and goes back to its place once closed', async ({ page }) => {
    await withoutBaseUri(page, NOTICES, (body) =>
      body
        .replace('<div id="welcome"', '<div id="hider-1" hidden>$&')
        .replace('<div id="newsletter"', '</div>$&')
        .replace('<div id="short-notice"', '<details id="hider-3"><summary>Notices</summary>$&')
        .replace('<div id="visiting"', '</details><div class="slide" id="hider-2">$&')
        .replace('</main>', '</div>$&'),
    );
    await openWithRuntime(page, urlFor(NOTICES));
    // Any way a page hides a part: an attribute, a theme's rule, a closed <details>.
    await page.evaluate(() => document.styleSheets[0]!.insertRule('.slide{display:none}'));
    const drawn = (id: string) =>
      page.evaluate((id) => {
        const dialog = document.getElementById(id)!.closest('dialog')!;
        const { width, height } = dialog.getBoundingClientRect();
        const focus = document.activeElement;
        return [dialog.parentElement === document.body, width > 0 && height > 0, dialog.contains(focus)];
      }, id);
    const inPlace = (id: string, hider: string) =>
      page.evaluate(
        ([id, hider]) => [
          document.getElementById(id)!.closest('dialog')!.parentElement!.id === hider,
          // No trace of the move left behind.
          document.createNodeIterator(document, NodeFilter.SHOW_COMMENT).nextNode() === null,
        ],
        [id, hider],
      );
    const cases: [string, string, () => Promise<unknown>][] = [
      ['welcome', 'hider-1', async () => {}], // its load trigger
      ['visiting', 'hider-2', () => page.locator('a[href="#visiting"]').click()],
      ['short-notice', 'hider-3', () => page.locator('[data-sw-modal-open="short-notice"]').click()],
    ];
    for (const [id, hider, open] of cases) {
      await open();
      await expect.poll(() => isOpen(page, id), id).toBe(true);
      await expect(page.locator(`#${id}-title`)).toBeVisible();
      await expect.poll(() => drawn(id), id).toEqual([true, true, true]);
      await page.keyboard.press('Escape');
      await expect.poll(() => isOpen(page, id), id).toBe(false);
      await expect.poll(() => inPlace(id, hider), id).toEqual([true, true]);
    }
    // A modal whose place shows it opens there, in the builder's CSS context.
    await page.evaluate(() => window.SiteRuntime!.modal('leaving', 'open'));
    await expect.poll(() => isOpen(page, 'leaving')).toBe(true);
    await expect(page.locator('main > dialog[data-sw-dialog] > #leaving')).toHaveCount(1);
    await expectAxeClean(page);
  });

  // An `inert` or `aria-hidden="true"` container (an off-canvas panel, a slide a carousel script
  // took out) draws the dialog but takes it from the visitor: inert, nothing in it can be
  // focused or pressed; aria-hidden, a screen reader is told of no dialog at all.
  test('one in an inert or aria-hidden container opens from the end of the body, usable and named', async ({
    page,
  }) => {
    await welcomeSeen(page);
    await withoutBaseUri(page, NOTICES, (body) =>
      body
        .replace('<div id="leaving"', '<div id="hider-2" aria-hidden="true">$&')
        .replace('<div id="short-notice"', '</div>$&')
        .replace('<div id="visiting"', '<div id="hider-1" inert>$&')
        .replace('</main>', '</div>$&'),
    );
    await openWithRuntime(page, urlFor(NOTICES));
    await runtimeIdle(page);
    for (const [id, hider] of [
      ['visiting', 'hider-1'],
      ['leaving', 'hider-2'],
    ] as const) {
      await page.evaluate((id) => window.SiteRuntime!.modal(id, 'open'), id);
      await expect.poll(() => isOpen(page, id), id).toBe(true);
      const dialog = page.getByRole('dialog', { name: await page.locator(`#${id}-title`).innerText() });
      await expect(dialog, id).toBeVisible();
      await expect
        .poll(() => page.evaluate(() => !!document.activeElement?.closest('dialog')), id)
        .toBe(true);
      await expectAxeClean(page);
      await page.keyboard.press('Escape');
      await expect.poll(() => isOpen(page, id), id).toBe(false);
      await expect(page.locator(`#${hider} > dialog > #${id}`), id).toHaveCount(1);
    }
  });

  // Moving the modal into its dialog (and, hidden, to the body's end and back) removed its
  // iframes from the page: each was loaded again, a second request on every page view.
  test('its iframes are loaded once, however the modal moves', async ({ page }) => {
    await welcomeSeen(page);
    const asked: string[] = [];
    await page.route('**/frame-probe.html?*', (route) => {
      asked.push(new URL(route.request().url()).search.slice(1));
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Frame</title><p>Frame' });
    });
    const frame = (name: string) =>
      `<iframe src="/clinic/frame-probe.html?${name}" title="${name}"></iframe>`;
    await withoutBaseUri(page, NOTICES, (body) =>
      body
        .replace('Visiting rules</h2>', `$&${frame('modal')}`)
        .replace('<div id="short-notice"', '<div hidden>$&')
        .replace('<div id="visiting"', '</div>$&')
        .replace('Today’s notice</h2>', `$&${frame('hidden')}`)
        .replace('<h1>Patient notices</h1>', `$&${frame('plain')}`),
    );
    await openWithRuntime(page, urlFor(NOTICES));
    await runtimeIdle(page);
    await page.locator('a[href="#visiting"]').click();
    await expect.poll(() => isOpen(page, 'visiting')).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => isOpen(page, 'visiting')).toBe(false);
    await page.locator('[data-sw-modal-open="short-notice"]').click();
    await expect.poll(() => isOpen(page, 'short-notice')).toBe(true);
    // Not Escape: focus may be in its frame, whose keys are the frame's.
    await page.evaluate(() => window.SiteRuntime!.modal('short-notice', 'close'));
    await expect.poll(() => isOpen(page, 'short-notice')).toBe(false);
    await expect(page.locator('div[hidden] > dialog > #short-notice')).toHaveCount(1);
    await runtimeIdle(page);
    expect(asked.sort()).toEqual(['hidden', 'modal', 'plain']);
  });
});

// showModal() put focus on a modal's first focusable element, an iframe: the frame's document
// then took every key, and Escape never reached the dialog.
test('a modal whose first focusable element is a frame opens with focus on a control of its own: Escape closes it', async ({
  page,
}) => {
  await welcomeSeen(page);
  await page.route('**/frame-probe.html*', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Map</title><p>Map' }),
  );
  const frame = '<iframe title="Map" src="/clinic/frame-probe.html" width="300" height="200"></iframe>';
  await withoutBaseUri(page, NOTICES, (body) =>
    body.replace(
      '<h1>Patient notices</h1>',
      `$&<div id="fm" data-sw-modal='{}' aria-labelledby="fm-t"><h2 id="fm-t">Map</h2>${frame}` +
        '<button type="button" data-sw-modal-close>Close</button></div>' +
        `<div id="fo" data-sw-modal='{"close":["escape"]}' aria-label="Frame only">${frame}</div>` +
        '<button type="button" data-sw-modal-open="fm">Open map</button>' +
        '<button type="button" data-sw-modal-open="fo">Open frame</button>',
    ),
  );
  await openWithRuntime(page, urlFor(NOTICES));
  await runtimeIdle(page);
  for (const [id, name, focused] of [
    ['fm', 'Open map', 'BUTTON'],
    ['fo', 'Open frame', 'DIALOG'],
  ] as const) {
    const opener = page.getByRole('button', { name, exact: true });
    await opener.click();
    await expect.poll(() => isOpen(page, id)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.tagName), id).toBe(focused);
    await page.keyboard.press('Escape');
    await expect.poll(() => isOpen(page, id), id).toBe(false);
    await expect(opener).toBeFocused();
  }
});

test.describe('modals: closing', () => {
  test('close button, overlay click and Escape each close it; hidden once the transition ends', async ({
    page,
  }) => {
    await recordEvents(page);
    await welcomeSeen(page);
    await openWithRuntime(page, urlFor(NOTICES));
    const link = page.locator('a[href="#visiting"]');
    const dialog = dialogOf(page, 'visiting');
    const closed = () => dialog.evaluate((d: HTMLDialogElement) => d.open).then((o) => !o);

    // No close button in the builder's markup: the runtime adds one.
    await link.click();
    await expect.poll(() => isOpen(page, 'visiting')).toBe(true);
    // The modal fades over 300 ms, its backdrop over 150 ms; it is still open while fading.
    expect(
      await dialog.evaluate((d) => [
        getComputedStyle(d).transitionDuration,
        getComputedStyle(d, '::backdrop').transitionDuration,
      ]),
    ).toEqual(['0.3s', '0.15s']);
    expect(
      await dialog.evaluate((d: HTMLDialogElement) => {
        d.querySelector<HTMLElement>('[data-sw-dialog-close]')!.click();
        return d.open;
      }),
    ).toBe(true);
    await expect.poll(closed).toBe(true);
    await expect(link).toBeFocused();

    await link.click();
    await expect.poll(() => isOpen(page, 'visiting')).toBe(true);
    await page.mouse.click(5, 5); // the backdrop
    await expect.poll(closed).toBe(true);

    await link.click();
    await expect.poll(() => isOpen(page, 'visiting')).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(closed).toBe(true);
    expect((await events(page)).filter((e) => e.includes('close'))).toEqual([
      'sw:modal:close visiting button',
      'sw:modal:close visiting overlay',
      'sw:modal:close visiting escape',
    ]);
  });

  test('the close buttons its options leave out stay hidden, whatever the builder’s CSS says of buttons', async ({
    page,
  }) => {
    await welcomeSeen(page);
    await withoutBaseUri(page, NOTICES, (body) =>
      body.replace(`'{"autoHide":4000,"close":["button","escape"]}'`, `'{"close":["escape"]}'`),
    );
    await openWithRuntime(page, urlFor(NOTICES));
    // A theme without the fixture's own `[hidden]` rule, with one many themes carry: it
    // outranks the browser's rule for [hidden].
    await retheme(page, '[hidden]', 'button{display:inline-block}');
    await page.locator('[data-sw-modal-open="short-notice"]').click();
    await expect.poll(() => isOpen(page, 'short-notice')).toBe(true);
    const close = dialogOf(page, 'short-notice').locator('[data-sw-modal-close]');
    await expect(close).toHaveAttribute('hidden', '');
    await expect(close).toBeHidden();
  });

  test('a modal the builder’s CSS hides in every state is shown when it opens (contract §3)', async ({
    page,
  }) => {
    await welcomeSeen(page);
    await openWithRuntime(page, urlFor(NOTICES));
    // No-JS CSS written without `:not([data-sw-ready])`: it hides the modal, enhanced or not.
    await retheme(page, '.modal:not([data-sw-ready])', '.modal{display:none}');
    await page.locator('[data-sw-modal-open="short-notice"]').click();
    await expect.poll(() => isOpen(page, 'short-notice')).toBe(true);
    await expect(page.locator('#short-notice-title')).toBeVisible();
    await expectAxeClean(page);
  });

  test('a video playing with sound in it is paused when it closes (WCAG 1.4.2)', async ({ page }) => {
    await welcomeSeen(page);
    const video = '<video src="/clinic/assets/media/clinic-tour.webm" loop aria-label="A tour"></video>';
    await withoutBaseUri(page, NOTICES, (body) => body.replace('Visiting rules</h2>', `$&${video}`));
    await openWithRuntime(page, urlFor(NOTICES));
    await page.locator('a[href="#visiting"]').click(); // the visitor's click: sound may play
    await expect.poll(() => isOpen(page, 'visiting')).toBe(true);
    const playing = dialogOf(page, 'visiting').locator('video');
    await playing.evaluate((v: HTMLVideoElement) => v.play());
    expect(await playing.evaluate((v: HTMLVideoElement) => [v.paused, v.muted])).toEqual([false, false]);
    await page.keyboard.press('Escape');
    await expect
      .poll(() => dialogOf(page, 'visiting').evaluate((d: HTMLDialogElement) => d.open))
      .toBe(false);
    expect(await playing.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  });

  test('with a modal opened over one that leaves Escape out, Escape closes the one above only', async ({
    page,
  }) => {
    await welcomeSeen(page);
    await openWithRuntime(page, urlFor(NOTICES));
    await page.evaluate(() => {
      const button = (text: string, name: string, value = '') => {
        const b = Object.assign(document.createElement('button'), { type: 'button', textContent: text });
        b.setAttribute(name, value);
        return b;
      };
      const strict = Object.assign(document.createElement('div'), { id: 'strict' });
      strict.setAttribute('data-sw-modal', '{"close":["button"]}');
      strict.setAttribute('aria-label', 'Terms');
      strict.append(
        button('Visiting hours', 'data-sw-modal-open', 'visiting'),
        button('Close', 'data-sw-modal-close'),
      );
      document.querySelector('main')!.prepend(button('Terms', 'data-sw-modal-open', 'strict'), strict);
    });
    await expect(page.locator('#strict')).toHaveAttribute('data-sw-ready', '');
    await page.getByRole('button', { name: 'Terms' }).click();
    await expect.poll(() => isOpen(page, 'strict')).toBe(true);
    await page.keyboard.press('Escape'); // left out of its close list
    await runtimeIdle(page);
    expect(await isOpen(page, 'strict')).toBe(true);

    const inner = dialogOf(page, 'strict').getByRole('button', { name: 'Visiting hours' });
    await inner.click();
    await expect.poll(() => isOpen(page, 'visiting')).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => isOpen(page, 'visiting')).toBe(false);
    await expect(inner).toBeFocused();
    expect(await isOpen(page, 'strict')).toBe(true);
    await page.keyboard.press('Escape');
    await runtimeIdle(page);
    expect(await isOpen(page, 'strict')).toBe(true);
  });

  test('under prefers-reduced-motion it closes at once, with no transition', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await welcomeSeen(page);
    await openWithRuntime(page, urlFor(NOTICES));
    await page.locator('a[href="#visiting"]').click();
    await expect.poll(() => isOpen(page, 'visiting')).toBe(true);
    const dialog = dialogOf(page, 'visiting');
    expect(await dialog.evaluate((d) => getComputedStyle(d).transitionDuration)).toBe('0s');
    expect(
      await dialog.evaluate((d: HTMLDialogElement) => {
        d.querySelector<HTMLElement>('[data-sw-dialog-close]')!.click();
        return d.open;
      }),
    ).toBe(false);
  });

  test('close methods the options leave out do nothing; autoHide closes, paused while pointed at', async ({
    page,
  }) => {
    await welcomeSeen(page);
    await pausedClock(page);
    await openPaused(page, urlFor(NOTICES), 'short-notice');
    const opener = page.locator('[data-sw-modal-open="short-notice"]');
    const dialog = dialogOf(page, 'short-notice');
    await opener.click();
    await expect.poll(() => isOpen(page, 'short-notice')).toBe(true);
    await page.mouse.click(5, 5); // overlay is not in its close list
    await page.clock.runFor(500);
    expect(await isOpen(page, 'short-notice')).toBe(true);
    // Pointer inside: the auto-hide time stands still.
    const box = (await dialog.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 10);
    await page.clock.runFor(6000);
    expect(await isOpen(page, 'short-notice')).toBe(true);
    // Pointer out (over the backdrop): the remaining 3.5 s run.
    await page.mouse.move(2, 2);
    await page.clock.runFor(3000);
    expect(await isOpen(page, 'short-notice')).toBe(true);
    // Focus the visitor moves inside pauses it too (Tab may pass through the browser's own
    // controls on the way: the dialog has one focusable element).
    const focusInside = () => dialog.evaluate((d) => d.contains(document.activeElement));
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      if (await focusInside()) break;
    }
    expect(await focusInside()).toBe(true);
    await page.clock.runFor(5000);
    expect(await isOpen(page, 'short-notice')).toBe(true);
    await dialog.evaluate(() => (document.activeElement as HTMLElement).blur());
    await page.clock.runFor(600);
    await expect.poll(() => dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
  });

  test('Tab stays inside an open modal and the page behind is inert and does not scroll', async ({
    page,
  }) => {
    await welcomeSeen(page);
    await openWithRuntime(page, urlFor(NOTICES));
    await page.locator('[data-sw-modal-open="short-notice"]').click();
    await expect.poll(() => isOpen(page, 'short-notice')).toBe(true);
    // Native modal dialog: Tab cycles through the dialog and the browser's own controls
    // (focus on body here), never reaching the page behind.
    const reached = new Set<string>();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      const where = await dialogOf(page, 'short-notice').evaluate((d) =>
        d.contains(document.activeElement)
          ? 'dialog'
          : document.activeElement === document.body
            ? 'browser'
            : 'page',
      );
      reached.add(where);
    }
    expect(reached.has('page')).toBe(false);
    expect(reached.has('dialog')).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    // The wheel reaches the page (a fact), then a frame and a task pass with nothing under way.
    const wheeled = page.evaluate(() => new Promise((r) => addEventListener('wheel', r, { once: true })));
    await page.mouse.wheel(0, 800);
    await wheeled;
    await runtimeIdle(page);
    expect(await page.evaluate(() => scrollY)).toBe(0);
  });

  test('the locked page keeps its width: the scrollbar gutter is reserved only where there was a scrollbar', async ({
    page,
  }) => {
    await welcomeSeen(page);
    await openWithRuntime(page, urlFor(NOTICES));
    const width = () => page.evaluate(() => document.body.getBoundingClientRect().width);
    const roundTrip = async (how: string) => {
      const before = await width();
      const scrollbar = await page.evaluate(() => innerWidth - document.documentElement.clientWidth > 1);
      await page.evaluate(() => window.SiteRuntime!.modal('short-notice', 'open'));
      await expect.poll(() => isOpen(page, 'short-notice')).toBe(true);
      await expect(dialogOf(page, 'short-notice')).toBeVisible();
      expect(await width(), `${how}: the page behind the open modal`).toBe(before);
      // The gutter is kept exactly where there was a scrollbar (Firefox shows one on a long page).
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-sw-gutter'))).toBe(
        scrollbar,
      );
      await page.keyboard.press('Escape');
      await expect
        .poll(() => dialogOf(page, 'short-notice').evaluate((d: HTMLDialogElement) => d.open))
        .toBe(false);
      expect(await width(), `${how}: once it has closed`).toBe(before);
      await expect(page.locator('html')).not.toHaveAttribute('data-sw-gutter');
    };
    await roundTrip('a page taller than the window');
    // Shorter than the window: no scrollbar, so no gutter may appear either.
    await page.evaluate(() => {
      for (const el of document.querySelectorAll<HTMLElement>('main > :not(dialog, [data-sw-modal])'))
        el.hidden = true;
    });
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= innerHeight)).toBe(true);
    await roundTrip('a page shorter than the window');
  });
});

test.describe('modals: script API, messages, environments', () => {
  test('SiteRuntime.modal(id, action) and the exact catalogue messages', async ({ page }) => {
    const messages: string[] = [];
    page.on('console', (m) => (m.type() === 'warning' || m.type() === 'error') && messages.push(m.text()));
    await welcomeSeen(page);
    await openWithRuntime(page, urlFor(NOTICES));
    await page.evaluate(() => window.SiteRuntime!.modal('visiting', 'open'));
    await expect.poll(() => isOpen(page, 'visiting')).toBe(true);
    await page.evaluate(() => window.SiteRuntime!.modal('visiting', 'toggle'));
    await expect
      .poll(() => dialogOf(page, 'visiting').evaluate((d: HTMLDialogElement) => d.open))
      .toBe(false);
    await page.evaluate(() => {
      window.SiteRuntime!.modal('', 'open');
      window.SiteRuntime!.modal('no-such-modal', 'open');
      // A page script may pass anything; the runtime answers with the spec's message.
      (window.SiteRuntime!.modal as (id: string, action: string) => void)('visiting', 'explode');
    });
    await page.locator('[data-sw-modal-open="missing-notice"]').click();
    expect(messages).toEqual([
      'No ID has been set',
      'No modal elements found',
      'SiteManager Modal: the event "explode" does not exist.',
      'No modal elements found',
    ]);
  });

  test('a failure inside an action logs the generic catalogue message and breaks nothing else', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await welcomeSeen(page);
    await openWithRuntime(page, urlFor(NOTICES));
    await expect(page.locator('#visiting')).toHaveAttribute('data-sw-ready', '');
    const original = await page.evaluateHandle(() => HTMLDialogElement.prototype.showModal);
    await page.evaluate(() => {
      HTMLDialogElement.prototype.showModal = () => {
        throw new DOMException('refused', 'InvalidStateError');
      };
    });
    await page.locator('a[href="#visiting"]').click();
    await expect.poll(() => errors.length).toBe(1);
    expect(errors[0]).toMatch(/^SiteManager Modal: An error has occured\./);
    // Once the browser behaves again, the same modal opens.
    await page.evaluate((fn) => (HTMLDialogElement.prototype.showModal = fn), original);
    await page.locator('a[href="#visiting"]').click();
    await expect.poll(() => isOpen(page, 'visiting')).toBe(true);
  });

  test('every modal is axe-clean when open', async ({ page }) => {
    test.slow(true, 'six axe runs: about 20 s on Firefox');
    await welcomeSeen(page);
    for (const [path, ids] of [
      ['/clinic/en/', ['flu-shots']],
      [NOTICES, ['welcome', 'newsletter', 'leaving', 'short-notice', 'visiting']],
    ] as const) {
      await openWithRuntime(page, urlFor(path));
      for (const id of ids) {
        await expect(page.locator(`#${id}`)).toHaveAttribute('data-sw-ready', '');
        await page.evaluate((id) => window.SiteRuntime!.modal(id, 'open'), id);
        await expect.poll(() => isOpen(page, id)).toBe(true);
        await expectAxeClean(page);
        await page.evaluate((id) => window.SiteRuntime!.modal(id, 'close'), id);
        await expect.poll(() => dialogOf(page, id).evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
      }
    }
  });

  test('cms: nothing opens by itself, no flag is stored; a click still opens', async ({ page }) => {
    await pausedClock(page);
    await openPaused(page, `${urlFor(NOTICES, 'cms')}#visiting`, 'welcome');
    await page.clock.runFor(15_000);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.clock.runFor(500);
    expect(await page.locator('dialog[data-sw-dialog][open]').count()).toBe(0);
    expect(await page.evaluate(() => [sessionStorage.length, localStorage.length])).toEqual([0, 0]);
    await page.locator('[data-sw-modal-open="short-notice"]').click();
    await expect.poll(() => isOpen(page, 'short-notice')).toBe(true);
  });

  test('design: every modal is shown in place for editing, with no timers and no storage', async ({
    page,
  }) => {
    await pausedClock(page);
    await openPaused(page, urlFor(NOTICES, 'design'), 'welcome');
    for (const id of ['welcome', 'newsletter', 'leaving', 'short-notice', 'visiting']) {
      await expect(page.locator(`#${id}`)).toBeVisible();
      expect(
        await dialogOf(page, id).evaluate((d: HTMLDialogElement) => d.open && !d.matches(':modal')),
      ).toBe(true);
    }
    await page.clock.runFor(15_000);
    await expect(page.locator('#short-notice')).toBeVisible();
    expect(await page.evaluate(() => [sessionStorage.length, localStorage.length])).toEqual([0, 0]);
    await page.clock.resume();
    await expectAxeClean(page);
    // Its close button and the script API leave it in place: it is part of the page being
    // edited (a click took it away, and the next open made it a real modal in the editor).
    await dialogOf(page, 'welcome').getByRole('button', { name: /close/i }).first().click();
    await page.evaluate(() => window.SiteRuntime!.modal('welcome', 'close'));
    await page.evaluate(() => window.SiteRuntime!.modal('welcome', 'open'));
    await runtimeIdle(page);
    await expect(page.locator('#welcome')).toBeVisible();
    expect(
      await dialogOf(page, 'welcome').evaluate((d: HTMLDialogElement) => d.open && !d.matches(':modal')),
    ).toBe(true);
  });

  test('without the runtime the builder page still opens a modal through :target', async ({ page }) => {
    await page.route('**/swfiles/runtime/**', (route) => route.abort());
    await page.goto(`${urlFor('/clinic/en/')}#flu-shots`);
    await expect(page.locator('#flu-shots')).toBeVisible();
    await page.locator('#flu-shots [data-sw-modal-close]').click();
    await expect(page.locator('#flu-shots')).toBeHidden();
  });
});
