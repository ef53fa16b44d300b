import type { Page, Request, Route } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { chunkFile, expect, expectAxeClean, openWithRuntime, runtimeIdle, test, urlFor } from './fixtures';

/**
 * Cookie consent against the reference server (contract §3 Cookie consent, §4; spec §4, §7,
 * §8): first and later visits, the POST bodies, the server's scripts run in order at their
 * positions, reloads, every endpoint failure with the choice kept and sent again, the
 * editors, the spec's warnings, Global Privacy Control, and axe with the banner and the modal.
 */

const HOME = '/clinic/en/';

// Every test here starts as a first visit (no cookie choice yet).
test.use({ consentStored: false });
const ENDPOINT = /\/clinic\/swfiles\/lib\/privacycookie\.php$/;
const banner = (page: Page) => page.locator('[data-sw-consent-banner]');
const prefs = (page: Page) => page.locator('dialog[data-sw-dialog]:has(#cookie-preferences)');
const switchFor = (page: Page, name: string) =>
  page.locator(`#cookie-preferences input[role="switch"][name="${name}"]`);

type Call = { method: string; body: string | null; type: string | undefined };

/**
 * Every consent request the page makes, with its method and body. WebDriver BiDi (Firefox)
 * gives no request bodies, so each body is also recorded as the page hands it to fetch(), in
 * order, and a POST whose body the driver did not give reads that one.
 */
async function recordCalls(page: Page): Promise<Call[]> {
  const calls: Call[] = [];
  const handed: (string | null)[] = [];
  await page.exposeFunction('__swConsentBody', (body: string | null) => handed.push(body));
  await page.addInitScript((source) => {
    const endpoint = new RegExp(source);
    const fetch = window.fetch;
    window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
      const url = new URL(input instanceof Request ? input.url : input, location.href);
      if (endpoint.test(url.pathname)) {
        const body = typeof init?.body === 'string' ? init.body : null;
        (window as unknown as { __swConsentBody(b: string | null): void }).__swConsentBody(body);
      }
      return fetch.call(window, input, init);
    };
  }, ENDPOINT.source);
  page.on('request', (r: Request) => {
    if (!ENDPOINT.test(new URL(r.url()).pathname)) return;
    const call: Call = { method: r.method(), body: r.postData(), type: r.headers()['content-type'] };
    const index = calls.length;
    if (call.body === null && call.method === 'POST')
      Object.defineProperty(call, 'body', { enumerable: true, get: () => handed[index] ?? null });
    calls.push(call);
  });
  return calls;
}

/** Records every `sw:consent` detail in `window.__consent`, from the very start of each page. */
async function recordConsentEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __consent: unknown[] };
    w.__consent = [];
    document.addEventListener('sw:consent', (e) => w.__consent.push((e as CustomEvent).detail));
  });
}
const consentEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { __consent: unknown[] }).__consent);

/** Marks the current document, so a reload (a new document) can be told from none. */
const markDocument = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 1));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __mark?: number }).__mark === 1);

const scriptsRun = (page: Page) =>
  page.evaluate(() => (window as unknown as { swConsentScripts?: string[] }).swConsentScripts ?? []);

/** A first visit to the home page that accepts all, its four server scripts run. */
async function acceptAllOnHome(page: Page): Promise<void> {
  await openWithRuntime(page, urlFor(HOME));
  await banner(page).getByRole('button', { name: 'Accept all' }).click();
  await expect.poll(() => scriptsRun(page)).toHaveLength(4);
}

/** Waits until the consent controller has read the server (its first `sw:consent`). */
async function readDone(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { __consent: unknown[] }).__consent.length > 0);
}

test.describe('first visit', () => {
  test('reads consent, shows the banner only after the 1000 ms delay, announces the flags', async ({
    page,
  }) => {
    await recordConsentEvents(page);
    const calls = await recordCalls(page);
    // On the page's own clock (0 = navigation start): when the consent controller connected
    // (its dialog appears), when the read was announced, when the banner was unhidden.
    await page.addInitScript(() => {
      const w = window as unknown as { __times: Record<string, number> };
      w.__times = {};
      const mark = (k: string) => (w.__times[k] ??= performance.now());
      document.addEventListener('sw:consent', () => mark('read'));
      new MutationObserver(() => {
        if (document.querySelector('dialog[data-sw-dialog] #cookie-preferences')) mark('connected');
        const b = document.querySelector('[data-sw-consent-banner]') as HTMLElement | null;
        if (b && !b.hidden) mark('shown');
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden'] });
    });
    // The page's clock stands still unless the test moves it: timers, frames and idle
    // callbacks run only then, so "not before the delay, and at once after it" is exact.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await openWithRuntime(page, urlFor(HOME));
    // A frame at a time, until both consent parts are connected and the read announced.
    const times = () =>
      page.evaluate(() => (window as unknown as { __times: Record<string, number> }).__times);
    await expect
      .poll(async () => {
        const t = await times();
        const ready = t.connected !== undefined && t.read !== undefined;
        const banner = await page.locator('[data-sw-consent-banner][data-sw-ready]').count();
        if (!ready || !banner) await page.clock.runFor(16);
        return ready && banner === 1;
      })
      .toBe(true);
    expect(calls).toEqual([{ method: 'GET', body: null, type: undefined }]);
    // The server's flags object as it sent it (contract §3, §4): on a first visit it has no
    // cookie, so no flag, and no `privacy_cookie` is made up.
    expect(await consentEvents(page)).toEqual([{}]);
    const connected = (await times()).connected!;
    const now = await page.evaluate(() => performance.now());
    // The clock moved in frames of 16 ms so far: the banner is not shown yet, and the rest of
    // the delay is still ahead (a negative runFor would throw).
    expect((await times()).shown, 'not shown before its delay').toBeUndefined();
    await page.clock.runFor(connected + 999 - now);
    await expect(banner(page)).toBeHidden();
    expect((await times()).shown).toBeUndefined();
    await page.clock.runFor(1);
    await expect(banner(page)).toBeVisible();
    expect((await times()).shown! - connected, 'shown 1000 ms after it connected').toBe(1000);
    // Nothing was saved by showing it.
    expect(calls).toHaveLength(1);
    expect((await page.context().cookies()).filter((c) => c.name.startsWith('privacy_cookie'))).toEqual([]);
  });

  test('Accept all saves every group, then runs the server scripts in order at their positions, without a reload', async ({
    page,
  }) => {
    await recordConsentEvents(page);
    const calls = await recordCalls(page);
    const started = Date.now() - 1000;
    await openWithRuntime(page, urlFor(HOME));
    await markDocument(page);
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await expect.poll(() => scriptsRun(page)).toHaveLength(4);
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      body: 'privacy_cookie_1=1&privacy_cookie_2=1&privacy_cookie_3=1',
      type: 'application/x-www-form-urlencoded',
    });
    // In order: an external script finished before the inline one after it ran.
    expect(await scriptsRun(page)).toEqual([
      'statistics-external',
      'statistics-inline',
      'media-startbody',
      'media-external',
    ]);
    const placed = await page.evaluate(() => {
      const scripts = [...document.scripts];
      const where = (s: HTMLScriptElement) =>
        s.parentElement === document.head
          ? 'head'
          : s === document.body.firstElementChild
            ? 'body-start'
            : s === document.body.lastElementChild
              ? 'body-end'
              : 'body';
      const find = (test: (s: HTMLScriptElement) => boolean) => scripts.find(test)!;
      return {
        statistics: where(find((s) => s.src.endsWith('/assets/consent/statistics.js'))),
        inline: where(find((s) => s.text.includes('statistics-inline'))),
        start: where(find((s) => s.text.includes('media-startbody'))),
        media: where(find((s) => s.src.endsWith('/assets/consent/media.js'))),
        nonces: [
          find((s) => s.src.endsWith('/assets/consent/statistics.js')),
          find((s) => s.text.includes('statistics-inline')),
          find((s) => s.text.includes('media-startbody')),
          find((s) => s.src.endsWith('/assets/consent/media.js')),
        ].map((s) => (s.nonce ?? '').length > 0),
      };
    });
    expect(placed).toEqual({
      statistics: 'head',
      inline: 'head',
      start: 'body-start',
      media: 'body-end',
      nonces: [true, true, true, true],
    });
    expect(await sameDocument(page), 'no reload on a first visit with forceReload off').toBe(true);
    await expect(banner(page)).toBeHidden();
    // The flags object of the POST answer, strings as the server sent them.
    expect((await consentEvents(page)).at(-1)).toEqual({
      privacy_cookie: '1',
      privacy_cookie_1: '1',
      privacy_cookie_2: '1',
      privacy_cookie_3: '1',
    });
    const cookies = Object.fromEntries((await page.context().cookies()).map((c) => [c.name, c.value]));
    expect(cookies).toMatchObject({
      privacy_cookie: '1',
      privacy_cookie_1: '1',
      privacy_cookie_2: '1',
      privacy_cookie_3: '1',
    });
    // Proof of consent: the server logged this choice with a time and an id.
    const log = readFileSync(process.env.SW_CONSENT_LOG!, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    // (Other tests run alongside and log too: look for this one's entry among the recent ones.)
    expect(log.filter((e) => Date.parse(e.time) >= started)).toContainEqual(
      expect.objectContaining({
        consentId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        flags: { privacy_cookie_1: '1', privacy_cookie_2: '1', privacy_cookie_3: '1' },
      }),
    );
  });

  test('Decline saves only the forced group, runs nothing, and is one click like Accept all', async ({
    page,
  }) => {
    await recordConsentEvents(page);
    const calls = await recordCalls(page);
    await openWithRuntime(page, urlFor(HOME));
    await markDocument(page);
    await banner(page).getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => calls.length).toBe(2);
    expect(calls[1]!.body).toBe('privacy_cookie_1=1&privacy_cookie_2=0&privacy_cookie_3=0');
    await expect(banner(page)).toBeHidden();
    await expect.poll(async () => (await consentEvents(page)).length).toBe(2);
    expect((await consentEvents(page)).at(-1)).toEqual({
      privacy_cookie: '1',
      privacy_cookie_1: '1',
      privacy_cookie_2: '0',
      privacy_cookie_3: '0',
    });
    expect(await scriptsRun(page)).toEqual([]);
    expect(await sameDocument(page)).toBe(true);
  });

  test('a choice made while the first is on its way is sent next: the last one stands, the first is never applied', async ({
    page,
  }) => {
    await recordConsentEvents(page);
    const calls = await recordCalls(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    await page.route(ENDPOINT, async (route) => {
      if (route.request().method() === 'POST' && first) {
        first = false;
        await held;
      }
      await route.fallback();
    });
    await openWithRuntime(page, urlFor(HOME));
    await markDocument(page);
    await readDone(page);
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await expect.poll(() => calls.length).toBe(2);
    await banner(page).getByRole('button', { name: 'Decline' }).click();
    release();
    await expect.poll(() => calls.length).toBe(3);
    await runtimeIdle(page);
    expect(calls.map((c) => c.body)).toEqual([
      null,
      'privacy_cookie_1=1&privacy_cookie_2=1&privacy_cookie_3=1',
      'privacy_cookie_1=1&privacy_cookie_2=0&privacy_cookie_3=0',
    ]);
    // Announced once, the last choice: nothing the first would have allowed ever applied.
    expect((await consentEvents(page)).slice(1)).toEqual([
      { privacy_cookie: '1', privacy_cookie_1: '1', privacy_cookie_2: '0', privacy_cookie_3: '0' },
    ]);
    expect(await scriptsRun(page)).toEqual([]);
    expect(await sameDocument(page)).toBe(true);
    await expect(banner(page)).toBeHidden();
  });

  test('when the banner goes with the choice, focus goes on to a shown control, never to the page body', async ({
    page,
  }) => {
    await openWithRuntime(page, urlFor(HOME));
    // A choice made in the banner itself, by keyboard.
    await banner(page).getByRole('button', { name: 'Decline' }).focus();
    await page.keyboard.press('Enter');
    await expect(banner(page)).toBeHidden();
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return !el || el === document.body ? 'body' : el.checkVisibility() ? 'shown' : 'hidden';
      });
    await expect.poll(focused).toBe('shown');
    // A choice made in the preferences the banner opened (the banner, their opener, is gone).
    await page.context().clearCookies();
    await openWithRuntime(page, urlFor(HOME));
    await banner(page).getByRole('button', { name: 'Preferences' }).focus();
    await page.keyboard.press('Enter');
    await expect(prefs(page)).toBeVisible();
    await prefs(page).getByRole('button', { name: 'Decline' }).focus();
    await page.keyboard.press('Enter');
    await expect(prefs(page)).toBeHidden();
    await expect.poll(focused).toBe('shown');
  });

  test('Preferences hides the banner and opens the modal: one switch per group, the forced one stays on', async ({
    page,
  }) => {
    const calls = await recordCalls(page);
    await openWithRuntime(page, urlFor(HOME));
    await banner(page).getByRole('button', { name: 'Preferences' }).click();
    await expect(banner(page)).toBeHidden();
    await expect(prefs(page)).toBeVisible();
    await expect(prefs(page)).toHaveAccessibleName('Cookie preferences');
    const switches = page.locator('#cookie-preferences input[role="switch"]');
    await expect(switches).toHaveCount(3);
    // Drawn by the ConsentPreferences component through the UI host, whose chunk came.
    await expect(
      page.locator('[data-sw-consent-groups] > [data-sw-ui="consent-modal"] input[role="switch"]'),
    ).toHaveCount(3);
    expect(
      await page.evaluate(() =>
        performance.getEntriesByType('resource').some((e) => /\/host-[\w-]+\.js$/.test(e.name)),
      ),
    ).toBe(true);
    await expect(page.getByRole('switch', { name: 'Necessary (Always on)' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Statistics' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Media' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Statistics' })).toHaveAccessibleDescription(
      'Anonymous visit statistics that help us improve the site.',
    );
    // The forced group cannot be switched off, by pointer or by keyboard.
    await switchFor(page, 'privacy_cookie_1').click({ force: true }); // Playwright waits for "enabled" otherwise
    await expect(switchFor(page, 'privacy_cookie_1')).toBeChecked();
    await switchFor(page, 'privacy_cookie_1').focus();
    await page.keyboard.press('Space');
    await expect(switchFor(page, 'privacy_cookie_1')).toBeChecked();
    await expect(switchFor(page, 'privacy_cookie_1')).toHaveAttribute('aria-disabled', 'true');
    // Toggling flips a flag; Save choices saves exactly the switches.
    await page.getByRole('switch', { name: 'Statistics' }).click();
    await expect(page.getByRole('switch', { name: 'Statistics' })).toBeChecked();
    await prefs(page).getByRole('button', { name: 'Save choices' }).click();
    await expect.poll(() => calls.length).toBe(2);
    expect(calls[1]!.body).toBe('privacy_cookie_1=1&privacy_cookie_2=1&privacy_cookie_3=0');
    await expect(prefs(page)).toBeHidden();
    await expect.poll(() => scriptsRun(page)).toEqual(['statistics-external', 'statistics-inline']);
  });

  test('Accept all and Decline in the modal', async ({ page }) => {
    const calls = await recordCalls(page);
    await openWithRuntime(page, urlFor(HOME));
    await page.locator('footer [data-sw-consent-action="preferences"]').click();
    await expect(prefs(page)).toBeVisible();
    await page.getByRole('switch', { name: 'Media' }).click();
    await prefs(page).getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => calls.length).toBe(2);
    expect(calls[1]!.body, 'Decline turns every optional group off, whatever the switches say').toBe(
      'privacy_cookie_1=1&privacy_cookie_2=0&privacy_cookie_3=0',
    );
  });

  test('the modal is keyboard operable and has no close methods: Escape and the backdrop keep it open', async ({
    page,
  }) => {
    await openWithRuntime(page, urlFor(HOME));
    // (Before its chunk arrives the link works natively: the hash opens it, tested below.)
    await page.waitForSelector('#cookie-preferences[data-sw-ready]', { state: 'attached' });
    const link = page.locator('footer [data-sw-consent-action="preferences"]');
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(prefs(page)).toBeVisible();
    await expect(page).not.toHaveURL(/#cookie-preferences/);
    // Focus is inside, and Tab cycles through the dialog and the browser's own controls
    // (focus on body then), never reaching the page behind.
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
    const reached = new Set<string>();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      reached.add(
        await page.evaluate(() =>
          document.activeElement?.closest('dialog')
            ? 'dialog'
            : document.activeElement === document.body
              ? 'browser'
              : 'page',
        ),
      );
    }
    expect(reached.has('page')).toBe(false);
    // Headless Firefox keeps its own controls focused once Tab has passed through them (the
    // driver's keys still reach the page, but Space then activates nothing); a visitor's Tab
    // back into the page would give it focus again, as this does.
    await page.evaluate(() => window.focus());
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(prefs(page)).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(prefs(page)).toBeVisible();
    expect(await prefs(page).evaluate((d) => d.matches(':modal'))).toBe(true);
    // Space flips a switch; Enter on a button saves.
    await page.getByRole('switch', { name: 'Media' }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('switch', { name: 'Media' })).toBeChecked();
    await prefs(page).getByRole('button', { name: 'Save choices' }).focus();
    await page.keyboard.press('Enter');
    await expect(prefs(page)).toBeHidden();
    await expect.poll(() => scriptsRun(page)).toEqual(['media-startbody', 'media-external']);
    // Focus went back to the link that opened it.
    await expect(link).toBeFocused();
  });

  test('a link to #cookie-preferences opens the preferences on load', async ({ page }) => {
    await openWithRuntime(page, `${urlFor(HOME)}#cookie-preferences`);
    await expect(prefs(page)).toBeVisible();
  });
});

test.describe('later visits', () => {
  test('a stored choice: no banner, the flags announced, the preferences show it; saving again reloads', async ({
    page,
  }) => {
    await recordConsentEvents(page);
    const calls = await recordCalls(page);
    await acceptAllOnHome(page);

    await page.goto(urlFor('/clinic/en/services/'));
    await readDone(page);
    expect((await consentEvents(page))[0]).toEqual({
      privacy_cookie: '1',
      privacy_cookie_1: '1',
      privacy_cookie_2: '1',
      privacy_cookie_3: '1',
    });
    await runtimeIdle(page);
    await expect(banner(page)).toBeHidden();

    // Withdrawal is as easy as consent: the footer link, one switch, Save.
    await page.locator('footer [data-sw-consent-action="preferences"]').click();
    await expect(page.getByRole('switch', { name: 'Statistics' })).toBeChecked();
    await page.getByRole('switch', { name: 'Statistics' }).click();
    await markDocument(page);
    const reloaded = page.waitForEvent('load');
    await prefs(page).getByRole('button', { name: 'Save choices' }).click();
    await reloaded;
    expect(await sameDocument(page), 'a save on a later visit reloads the page').toBe(false);
    expect(calls.at(-2)?.body ?? calls.at(-1)?.body).toBeDefined();
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toBe(
      'privacy_cookie_1=1&privacy_cookie_2=0&privacy_cookie_3=1',
    );
    const cookies = Object.fromEntries((await page.context().cookies()).map((c) => [c.name, c.value]));
    expect(cookies.privacy_cookie_2).toBe('0');
  });

  test('preferences opened by the address: a save that reloads leaves the address, so they do not open again (and again)', async ({
    page,
  }) => {
    await acceptAllOnHome(page);

    // A link from another page or an e-mail to the preferences, on a later visit.
    await page.goto(`${urlFor('/clinic/en/services/')}#cookie-preferences`);
    await expect(prefs(page)).toBeVisible();
    await markDocument(page);
    const reloaded = page.waitForEvent('load');
    await prefs(page).getByRole('button', { name: 'Save choices' }).click();
    await reloaded;
    expect(await sameDocument(page), 'a save on a later visit reloads the page').toBe(false);
    await expect(page).toHaveURL(/\/clinic\/en\/services\/$/);
    await runtimeIdle(page);
    await expect(prefs(page)).toBeHidden();
    // And the footer's link to them opens them again (no hashchange while the address named them).
    await page.locator('footer [data-sw-consent-action="preferences"]').click();
    await expect(prefs(page)).toBeVisible();
  });

  test('a second save on the page of a first-visit save reloads (injected scripts cannot be taken back)', async ({
    page,
  }) => {
    await acceptAllOnHome(page);
    await markDocument(page);
    await page.locator('footer [data-sw-consent-action="preferences"]').click();
    const reloaded = page.waitForEvent('load');
    await prefs(page).getByRole('button', { name: 'Decline' }).click();
    await reloaded;
    expect(await sameDocument(page)).toBe(false);
  });
});

test.describe('a later visit, the consent code still on its way', () => {
  test.use({ consentStored: true });

  test('a preferences button pressed before the code has come is not lost: the code comes at once and the preferences open from it', async ({
    page,
  }) => {
    // A builder's "Cookie settings" written as a button, not a link to the preferences' id.
    await page.route(`**${HOME}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /<a href="#cookie-preferences"( data-sw-consent-action="preferences">[^<]*)<\/a>/,
        '<button type="button"$1</button>',
      );
      await route.fulfill({ response, body });
    });
    // The consent code is held until the press (idle would fetch it), then let through.
    let pressed!: () => void;
    const press = new Promise<void>((resolve) => (pressed = resolve));
    let asked = false;
    await page.route(chunkFile('consent-modal'), async (route) => {
      asked = true;
      await press;
      await route.continue();
    });
    await openWithRuntime(page, urlFor(HOME));
    const button = page.locator(
      'button[data-sw-consent-action="preferences"]:not([data-sw-consent-banner] *)',
    );
    await expect(button).toHaveCount(1);
    await button.click();
    await expect.poll(() => asked).toBe(true);
    pressed();
    await expect(prefs(page)).toBeVisible();
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
    await runtimeIdle(page);
    await expectAxeClean(page);
  });
});

test.describe('the flags object', () => {
  test('sw:consent carries the server’s flags as it sent them, each listener its own frozen copy', async ({
    page,
  }) => {
    const message = {
      privacy_cookie: '1',
      privacy_cookie_1: '1',
      privacy_cookie_2: '0',
      privacy_cookie_3: '1',
    };
    await page.route(ENDPOINT, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            contentType: 'application/json',
            body: JSON.stringify({ status: { code: '200', message } }),
          })
        : route.fallback(),
    );
    await recordConsentEvents(page);
    await page.addInitScript(() => {
      const w = window as unknown as { __frozen: boolean[] };
      w.__frozen = [];
      document.addEventListener('sw:consent', (e) =>
        w.__frozen.push(Object.isFrozen((e as CustomEvent).detail)),
      );
    });
    await openWithRuntime(page, urlFor(HOME));
    await readDone(page);
    expect(await consentEvents(page)).toEqual([message]);
    expect(await page.evaluate(() => (window as unknown as { __frozen: boolean[] }).__frozen)).toEqual([
      true,
    ]);
  });
});

/** Rewrites the home page's consent markup (for options and broken attributes). */
async function withConsentMarkup(page: Page, edit: (html: string) => string): Promise<void> {
  await page.route(
    (u) => u.pathname === HOME,
    async (route: Route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: edit(await response.text()) });
    },
  );
}

test.describe('options and builder mistakes', () => {
  test('forceReload: a first-visit save reloads instead of injecting', async ({ page }) => {
    await withConsentMarkup(page, (html) => html.replace('"forceReload":false', '"forceReload":true'));
    await openWithRuntime(page, urlFor(HOME));
    await markDocument(page);
    const reloaded = page.waitForEvent('load');
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await reloaded;
    expect(await sameDocument(page)).toBe(false);
    expect(
      await scriptsRun(page),
      'the server renders them on the reloaded page, nothing is injected',
    ).toEqual([]);
  });

  test('close methods a builder asks for: Close button and Escape close without a choice, and the banner asks again', async ({
    page,
  }) => {
    const calls = await recordCalls(page);
    await withConsentMarkup(page, (html) =>
      html.replace('"delay":1000', '"delay":1000,"close":["button","escape"]'),
    );
    await openWithRuntime(page, urlFor(HOME));
    await banner(page).getByRole('button', { name: 'Preferences' }).click();
    await expect(prefs(page)).toBeVisible();
    await expect(banner(page)).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(prefs(page)).toBeHidden();
    await expect(banner(page), 'no choice was made: the question is still open').toBeVisible();
    await banner(page).getByRole('button', { name: 'Preferences' }).click();
    await prefs(page).getByRole('button', { name: 'Close' }).click();
    await expect(prefs(page)).toBeHidden();
    await expect(banner(page)).toBeVisible();
    // The overlay was not asked for: a click beside the dialog leaves it open.
    await banner(page).getByRole('button', { name: 'Preferences' }).click();
    await page.mouse.click(5, 5);
    await expect(prefs(page)).toBeVisible();
    expect(
      calls.filter((c) => c.method === 'POST'),
      'closing saves nothing',
    ).toEqual([]);
  });

  test('enableAll off: no "Accept all" anywhere', async ({ page }) => {
    await withConsentMarkup(page, (html) => html.replace('"enableAll":true', '"enableAll":false'));
    await openWithRuntime(page, urlFor(HOME));
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole('button', { name: 'Decline' })).toBeVisible();
    await expect(banner(page).getByRole('button', { name: 'Accept all' })).toBeHidden();
    await banner(page).getByRole('button', { name: 'Preferences' }).click();
    await expect(prefs(page).getByRole('button', { name: 'Accept all' })).toBeHidden();
  });

  for (const [name, edit] of [
    ['missing', (html: string) => html.replace(/data-sw-cookie-groups='[^']*'/, '')],
    ['empty', (html: string) => html.replace(/data-sw-cookie-groups='[^']*'/, "data-sw-cookie-groups=''")],
  ] as const) {
    test(`a ${name} groups attribute: the spec's warning, and no consent UI`, async ({ page }) => {
      const warnings: string[] = [];
      page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
      const calls = await recordCalls(page);
      await withConsentMarkup(page, edit);
      await openWithRuntime(page, urlFor(HOME));
      await expect
        .poll(() => warnings)
        .toContain('Cookie management is not activated or is temporarily disabled.');
      await runtimeIdle(page);
      await expect(banner(page)).toBeHidden();
      expect(calls, 'nothing read, nothing saved').toEqual([]);
      await expect(page.locator('dialog[data-sw-dialog]:has(#cookie-preferences)')).toHaveCount(0);
    });
  }
});

test.describe('Global Privacy Control', () => {
  test('with the signal, optional groups start off and the modal says why', async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', {
        get: () => true,
        configurable: true,
      }),
    );
    await openWithRuntime(page, urlFor(HOME));
    await banner(page).getByRole('button', { name: 'Preferences' }).click();
    await expect(prefs(page).getByText('Your browser sent a Global Privacy Control signal')).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Statistics' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Media' })).not.toBeChecked();
    await expectAxeClean(page);
  });

  test('without it, no such note', async ({ page }) => {
    await openWithRuntime(page, urlFor(HOME));
    await banner(page).getByRole('button', { name: 'Preferences' }).click();
    await expect(prefs(page)).toBeVisible();
    await expect(prefs(page).getByText('Global Privacy Control')).toBeHidden();
  });
});

test.describe('accessibility', () => {
  // The fixture's CSS is what builders copy: at 400 % zoom (a 1280 × 1024 window is 320 × 256
  // CSS px) a banner as tall as its text covered the whole page (WCAG 1.4.10 reflow).
  test('at 400 % zoom the banner takes at most half the window, and each of its buttons can be reached', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 256 });
    await openWithRuntime(page, urlFor(HOME));
    await expect(banner(page)).toBeVisible();
    const box = await banner(page).boundingBox();
    expect(box!.height).toBeLessThanOrEqual(128.5);
    for (const name of ['Accept all', 'Decline', 'Preferences']) {
      const button = banner(page).getByRole('button', { name });
      await button.focus();
      await expect(button).toBeInViewport();
    }
    await expectAxeClean(page);
  });

  test('the banner never hides what Tab reaches (WCAG 2.4.11), and gives the space back when it goes', async ({
    page,
  }) => {
    await openWithRuntime(page, urlFor(HOME));
    await expect(banner(page)).toBeVisible();
    const covered = () =>
      page.evaluate(() => {
        const a = document.activeElement!.getBoundingClientRect();
        const b = document.querySelector('[data-sw-consent-banner]')!.getBoundingClientRect();
        return a.bottom > b.top + 1 && a.top < b.bottom;
      });
    const footerLink = page.locator('footer [data-sw-consent-action="preferences"]');
    for (let i = 0; i < 80 && !(await footerLink.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
      expect(await covered(), `focus ${i} is under the banner`).toBe(false);
    }
    await expect(footerLink).toBeFocused();
    await banner(page).getByRole('button', { name: 'Decline' }).click();
    await expect(banner(page)).toBeHidden();
    await expect(page.locator('[data-sw-consent-spacer]')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.style.scrollPaddingBottom)).toBe('');
    // Nor an empty style attribute (Chromium writes a CSSOM change to it lazily, see dom.ts).
    expect(await page.evaluate(() => document.documentElement.getAttribute('style'))).toBeNull();
  });

  test('axe-clean with the banner shown and with the preferences open', async ({ page }) => {
    await openWithRuntime(page, urlFor(HOME));
    await expect(banner(page)).toBeVisible();
    await expectAxeClean(page);
    await banner(page).getByRole('button', { name: 'Preferences' }).click();
    await expect(prefs(page)).toBeVisible();
    await expectAxeClean(page);
    await page.getByRole('switch', { name: 'Statistics' }).click();
    await expectAxeClean(page);
  });

  test('axe-clean in French with the preferences open', async ({ page }) => {
    await openWithRuntime(page, urlFor('/clinic/fr/'));
    await expect(banner(page)).toBeVisible();
    await banner(page).getByRole('button', { name: 'Préférences' }).click();
    await expect(page.getByRole('switch', { name: 'Nécessaires (Toujours actif)' })).toBeChecked();
    await expectAxeClean(page);
  });
});

const FAILED_READ = 'Failed to get cookies from server';

/** The ways the endpoint can fail (contract §4): each is answered by `route` for one method. */
const failures: [string, (route: Route) => Promise<void> | void][] = [
  [
    'a 500',
    (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' }),
  ],
  [
    'a status code other than 200',
    (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: '{"status":{"code":"403","message":{}}}',
      }),
  ],
  [
    'an unreadable answer',
    (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '<html>oops' }),
  ],
  ['no answer (network error)', (route) => route.abort('failed')],
  ['a slow answer (past the 8 s limit)', () => undefined], // never answered; the clock jumps past the limit
];

/** Routes one method of the endpoint to `answer`; the other passes through. */
async function failEndpoint(
  page: Page,
  method: 'GET' | 'POST',
  answer: (route: Route) => Promise<void> | void,
) {
  await page.route(ENDPOINT, (route) =>
    route.request().method() === method ? answer(route) : route.fallback(),
  );
}

const pendingChoice = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        const open = indexedDB.open('site-runtime');
        open.onupgradeneeded = () => open.result.createObjectStore('consent');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('consent')) return resolve(undefined);
          const get = db.transaction('consent').objectStore('consent').getAll();
          get.onsuccess = () => resolve(get.result[0]);
          get.onerror = () => resolve(undefined);
        };
        open.onerror = () => resolve(undefined);
      }),
  );

test.describe('endpoint failures', () => {
  for (const [name, answer] of failures) {
    test(`reading: ${name} is the spec's error; no banner, and the page keeps working`, async ({ page }) => {
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      await recordConsentEvents(page);
      await page.clock.install();
      await failEndpoint(page, 'GET', answer);
      const asked = page.waitForRequest((r) => ENDPOINT.test(new URL(r.url()).pathname));
      await openWithRuntime(page, urlFor(HOME));
      await asked;
      if (name.startsWith('a slow')) await page.clock.fastForward(8100);
      await expect.poll(() => errors).toContain(FAILED_READ);
      await page.clock.fastForward(1500);
      await expect(banner(page)).toBeHidden();
      expect(await consentEvents(page), 'no flags were read').toEqual([]);
      // Still working: the preferences open from the footer, the menu still discloses.
      await page.locator('footer [data-sw-consent-action="preferences"]').click();
      await expect(prefs(page)).toBeVisible();
    });

    test(`saving: ${name} keeps the choice, applies it on the page, and sends it again on the next one`, async ({
      page,
    }) => {
      await recordConsentEvents(page);
      const calls = await recordCalls(page);
      await page.clock.install();
      await failEndpoint(page, 'POST', answer);
      await openWithRuntime(page, urlFor(HOME));
      await page.clock.fastForward(1100);
      await expect(banner(page)).toBeVisible();
      const posted = page.waitForRequest((r) => r.method() === 'POST');
      await banner(page).getByRole('button', { name: 'Accept all' }).click();
      await posted;
      if (name.startsWith('a slow')) await page.clock.fastForward(8100);
      await expect
        .poll(() => pendingChoice(page))
        .toMatchObject({
          flags: { privacy_cookie_1: 1, privacy_cookie_2: 1, privacy_cookie_3: 1 },
        });
      await expect(banner(page)).toBeHidden();
      // As the runtime sends it, strings, with privacy_cookie "1": a choice exists.
      expect((await consentEvents(page)).at(-1), 'the choice applies on this page').toEqual({
        privacy_cookie: '1',
        privacy_cookie_1: '1',
        privacy_cookie_2: '1',
        privacy_cookie_3: '1',
      });

      // Next page, server healthy again: the kept choice is sent first, then forgotten.
      await page.unroute(ENDPOINT);
      await page.goto(urlFor('/clinic/en/services/'));
      await expect.poll(() => scriptsRun(page), 'this page was rendered without them').toHaveLength(4);
      const posts = calls.filter((c) => c.method === 'POST');
      expect(posts.at(-1)!.body).toBe('privacy_cookie_1=1&privacy_cookie_2=1&privacy_cookie_3=1');
      expect(calls.at(-1)!.method, 'nothing was read: the kept choice is the answer').toBe('POST');
      await expect.poll(() => pendingChoice(page)).toBeUndefined();
      const cookies = Object.fromEntries((await page.context().cookies()).map((c) => [c.name, c.value]));
      expect(cookies).toMatchObject({ privacy_cookie: '1', privacy_cookie_2: '1' });
    });
  }

  test('while a kept choice still cannot be sent, the banner does not ask again', async ({ page }) => {
    await recordConsentEvents(page);
    const calls = await recordCalls(page);
    await failEndpoint(page, 'POST', (route) => route.fulfill({ status: 503, body: 'busy' }));
    await openWithRuntime(page, urlFor(HOME));
    await banner(page).getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => pendingChoice(page)).toBeDefined();
    await page.reload();
    await readDone(page);
    expect((await consentEvents(page))[0]).toEqual({
      privacy_cookie: '1',
      privacy_cookie_1: '1',
      privacy_cookie_2: '0',
      privacy_cookie_3: '0',
    });
    await runtimeIdle(page);
    await expect(banner(page)).toBeHidden();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.body).toBe(posts[0]!.body);
    expect(await pendingChoice(page)).toBeDefined();
  });

  test('a kept choice the server refuses (400) is dropped and the visitor is asked again', async ({
    page,
  }) => {
    await failEndpoint(page, 'POST', (route) => route.fulfill({ status: 500, body: 'down' }));
    await openWithRuntime(page, urlFor(HOME));
    await banner(page).getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => pendingChoice(page)).toBeDefined();
    await page.unroute(ENDPOINT);
    await failEndpoint(page, 'POST', (route) =>
      route.fulfill({ status: 400, body: '{"error":"unknown variable"}' }),
    );
    await page.reload();
    await expect(banner(page)).toBeVisible();
    await expect.poll(() => pendingChoice(page)).toBeUndefined();
  });
});

/**
 * Holds the first consent POST unanswered (a slow server, a proxy holding it), so the page is
 * left while it waits; the ones after it pass. `held` resolves once that POST is held.
 */
async function holdFirstPost(page: Page): Promise<{ held: Promise<void> }> {
  let hold: () => void;
  const held = new Promise<void>((resolve) => (hold = resolve));
  let holding = false;
  await page.route(ENDPOINT, (route) => {
    if (route.request().method() !== 'POST' || holding) return route.fallback();
    holding = true;
    hold(); // never answered
  });
  return { held };
}

test.describe('a choice still waiting for the server’s answer', () => {
  test('a first visit’s Decline, the visitor gone on before the server answers: the next page does not ask again and sends the choice', async ({
    page,
  }) => {
    const calls = await recordCalls(page);
    const { held } = await holdFirstPost(page);
    await openWithRuntime(page, urlFor(HOME));
    await banner(page).getByRole('button', { name: 'Decline' }).click();
    await held;
    // Kept on the device before any answer, not only once the save has failed.
    await expect
      .poll(() => pendingChoice(page))
      .toMatchObject({ flags: { privacy_cookie_1: 1, privacy_cookie_2: 0, privacy_cookie_3: 0 } });
    const before = calls.length;
    await page.goto(urlFor('/clinic/en/services/'));
    // Idle includes the banner's delay: had it been going to show, it would be shown now.
    await runtimeIdle(page);
    await expect(banner(page)).toBeHidden();
    const next = calls.slice(before);
    expect(
      next.map((c) => c.method),
      'the kept choice is the answer: nothing read',
    ).toEqual(['POST']);
    expect(next[0]!.body).toBe('privacy_cookie_1=1&privacy_cookie_2=0&privacy_cookie_3=0');
    await expect.poll(() => pendingChoice(page), 'confirmed: forgotten').toBeUndefined();
    const cookies = Object.fromEntries((await page.context().cookies()).map((c) => [c.name, c.value]));
    expect(cookies).toMatchObject({ privacy_cookie: '1', privacy_cookie_2: '0', privacy_cookie_3: '0' });
  });
});

test.describe('the editors', () => {
  for (const env of ['cms', 'design'] as const) {
    test(`${env}: nothing is read or saved, nothing opens by itself, nothing reloads`, async ({ page }) => {
      const calls = await recordCalls(page);
      await recordConsentEvents(page);
      await openWithRuntime(page, urlFor(HOME, env));
      await page.waitForSelector('#cookie-preferences[data-sw-ready]', { state: 'attached' });
      await runtimeIdle(page);
      await expect(banner(page)).toBeHidden();
      await expect(prefs(page)).toBeHidden();
      // The editor can still look at the preferences; a save changes nothing.
      await markDocument(page);
      await page.locator('footer [data-sw-consent-action="preferences"]').click();
      await expect(prefs(page)).toBeVisible();
      await page.getByRole('switch', { name: 'Statistics' }).click();
      await prefs(page).getByRole('button', { name: 'Save choices' }).click();
      await expect(prefs(page)).toBeHidden();
      await runtimeIdle(page);
      expect(calls).toEqual([]);
      expect(await consentEvents(page)).toEqual([]);
      expect(await sameDocument(page)).toBe(true);
      expect(await scriptsRun(page)).toEqual([]);
      expect((await page.context().cookies()).filter((c) => c.name.startsWith('privacy'))).toEqual([]);
    });
  }
});

/** The scripts a save's answer carries (contract §4), with the flags the server would send. */
async function saveAnswers(page: Page, scripts: { scriptdata: string; position?: string }[]): Promise<void> {
  const message = {
    privacy_cookie: '1',
    privacy_cookie_1: '1',
    privacy_cookie_2: '1',
    privacy_cookie_3: '1',
  };
  await page.route(ENDPOINT, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ status: { code: '200', message }, scripts }),
        })
      : route.fallback(),
  );
  // Same-origin scripts that record their own name (probe-<name>.js) when they run.
  await page.route(/\/clinic\/assets\/consent\/probe-[\w-]+\.js$/, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `(window.swConsentScripts = window.swConsentScripts || []).push(${JSON.stringify(
        /probe-([\w-]+)\.js$/.exec(route.request().url())![1],
      )});`,
    }),
  );
}
const probe = (name: string) => `/clinic/assets/consent/probe-${name}.js`;
const inline = (name: string) =>
  `<script>(window.swConsentScripts = window.swConsentScripts || []).push('${name}');</script>`;

/** Console warnings, as they come. */
function warningsOf(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  return warnings;
}

test.describe('the server’s scripts', () => {
  test.describe(() => {
    // The browser's reports of handlers blocked are expected (below). A Trusted Types one is not.
    test.use({ allowCspViolations: true });
    test('an event-handler attribute neither trips Trusted Types nor stops the scripts after it, nor is placed', async ({
      page,
      cspViolations,
    }) => {
      const warnings = warningsOf(page);
      await saveAnswers(page, [
        {
          scriptdata: `<script src="${probe('with-handlers')}" onload="window.__handler = 1" onerror="window.__handler = 2"></script>`,
        },
        {
          scriptdata: `<script onclick="window.__handler = 3">(window.swConsentScripts = window.swConsentScripts || []).push('inline-with-handler');</script>`,
        },
        // Not a script, but a handler all the same: without a policy it would run.
        {
          scriptdata: '<img src="/clinic/assets/consent/missing.png" alt="" onerror="window.__handler = 4">',
        },
        { scriptdata: inline('after') },
      ]);
      await openWithRuntime(page, urlFor(HOME));
      await banner(page).getByRole('button', { name: 'Accept all' }).click();
      await expect.poll(() => scriptsRun(page)).toEqual(['with-handlers', 'inline-with-handler', 'after']);
      await expect(page.locator('img[src$="/missing.png"]')).toHaveJSProperty('complete', true);
      expect(await page.locator('[onload], [onerror], [onclick]').count(), 'handlers placed').toBe(0);
      // Left out, with a warning (no nonce covers inline handlers: they could never run here).
      expect(
        await page.evaluate(() => (window as unknown as { __handler?: number }).__handler),
      ).toBeUndefined();
      expect(warnings.filter((w) => /onload|onerror|onclick/.test(w))).toHaveLength(4);
      // Taken off before the fragment is placed. Chromium still reports each one blocked as the
      // fragment is parsed (script-src-attr), before anything can take it off; Firefox does not.
      expect(
        cspViolations.filter((v) => !v.startsWith('script-src-attr ')),
        'no Trusted Types violation',
      ).toEqual([]);
      // (An uncaught error, such as the TypeError Trusted Types throws, fails the test in the fixture.)
    });
  });

  test('SVG scripts run as HTML copies with the nonce (href, xlink:href, inline), never as "undefined"', async ({
    page,
  }) => {
    const warnings = warningsOf(page);
    await saveAnswers(page, [
      {
        scriptdata: `<svg aria-hidden="true"><script href="${probe('svg-href')}"></script></svg>`,
        position: 'endbody',
      },
      {
        scriptdata: `<svg><script xlink:href="${probe('svg-xlink')}" type="text/ecmascript"></script></svg>`,
        position: 'endbody',
      },
      {
        scriptdata: `<svg><script>(window.swConsentScripts = window.swConsentScripts || []).push('svg-inline');</script></svg>`,
        position: 'endbody',
      },
      { scriptdata: '<svg><script href="javascript:void 0"></script></svg>', position: 'endbody' },
      { scriptdata: inline('after'), position: 'endbody' },
    ]);
    await openWithRuntime(page, urlFor(HOME));
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await expect.poll(() => scriptsRun(page)).toEqual(['svg-href', 'svg-xlink', 'svg-inline', 'after']);
    // In place of each SVG script (the javascript: one is gone): an HTML script with the nonce.
    const inSvg = await page.evaluate(() =>
      [...document.querySelectorAll('svg script')].map((s) => ({
        html: s.namespaceURI === 'http://www.w3.org/1999/xhtml',
        nonce: ((s as HTMLScriptElement).nonce ?? '').length > 0,
        src: (s as HTMLScriptElement).src ?? '',
        text: s.textContent,
      })),
    );
    expect(inSvg.map((s) => [s.html, s.nonce])).toEqual([
      [true, true],
      [true, true],
      [true, true],
    ]);
    expect(inSvg.map((s) => s.src.replace(/^.*\//, ''))).toEqual([
      'probe-svg-href.js',
      'probe-svg-xlink.js',
      '',
    ]);
    expect(
      inSvg.filter((s) => s.text === 'undefined'),
      'no script made of "undefined"',
    ).toEqual([]);
    expect(warnings.some((w) => w.includes('javascript:void 0'))).toBe(true);
  });

  test('an external script that never answers is given up after 10 s; the scripts after it run', async ({
    page,
  }) => {
    const warnings = warningsOf(page);
    await page.clock.install();
    await saveAnswers(page, [
      { scriptdata: '<script src="/clinic/assets/consent/never.js"></script>' },
      { scriptdata: `<script src="${probe('after-external')}"></script>` },
      { scriptdata: inline('after-inline') },
    ]);
    await page.route(/\/clinic\/assets\/consent\/never\.js$/, () => undefined); // never answered
    await openWithRuntime(page, urlFor(HOME));
    await page.clock.fastForward(1100);
    const hanging = page.waitForRequest((r) => r.url().endsWith('/never.js'));
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await hanging;
    expect(await scriptsRun(page), 'nothing after it runs while it may still load').toEqual([]);
    await page.clock.fastForward(10_100);
    await expect.poll(() => scriptsRun(page)).toEqual(['after-external', 'after-inline']);
    expect(warnings.some((w) => w.includes('/never.js') && w.includes('10 s'))).toBe(true);
  });

  test('external scripts the browser never fetches (nomodule, a type that is not script) hold up nothing after them', async ({
    page,
  }) => {
    const warnings = warningsOf(page);
    await page.clock.install();
    const requested: string[] = [];
    page.on('request', (r) => /\/(legacy|template)\.js$/.test(r.url()) && requested.push(r.url()));
    await saveAnswers(page, [
      { scriptdata: '<script nomodule src="/clinic/assets/consent/legacy.js"></script>' },
      { scriptdata: '<script type="text/x-template" src="/clinic/assets/consent/template.js"></script>' },
      { scriptdata: `<script src="${probe('after-skipped')}"></script>` },
    ]);
    await openWithRuntime(page, urlFor(HOME));
    await page.clock.fastForward(1100);
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    // No time moves on: the script after them runs without the 10 s wait for each.
    await expect.poll(() => scriptsRun(page)).toEqual(['after-skipped']);
    expect(requested).toEqual([]);
    expect(warnings.filter((w) => w.includes('neither loaded nor failed'))).toEqual([]);
  });
});

test.describe('consent revisions (issue 17)', () => {
  /** Serves the home page with `consent.revision` set to what `revision.current` says then. */
  async function withRevision(page: Page) {
    const revision = { current: '1' };
    await withConsentMarkup(page, (html) =>
      html.replace(
        /(<script type="application\/json" id="sw-config">\s*\{)/,
        `$1 "consent": { "revision": ${JSON.stringify(revision.current)} },`,
      ),
    );
    return revision;
  }
  const cookiesOf = async (page: Page) =>
    Object.fromEntries((await page.context().cookies()).map((c) => [c.name, c.value]));

  test('a new revision brings the banner back, the old choice preselected and not applied until the visitor chooses; the choice is recorded', async ({
    page,
  }) => {
    await recordConsentEvents(page);
    const calls = await recordCalls(page);
    const revision = await withRevision(page);
    await openWithRuntime(page, urlFor(HOME));
    await banner(page).getByRole('button', { name: 'Preferences' }).click();
    await switchFor(page, 'privacy_cookie_2').click();
    await prefs(page).getByRole('button', { name: 'Save choices' }).click();
    await expect
      .poll(() => cookiesOf(page))
      .toMatchObject({ privacy_cookie_2: '1', privacy_cookie_revision: '1' });
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toBe(
      'privacy_cookie_1=1&privacy_cookie_2=1&privacy_cookie_3=0&revision=1',
    );

    // The same revision on the next page: the choice stands.
    await page.goto(urlFor(HOME));
    await readDone(page);
    expect((await consentEvents(page))[0]).toMatchObject({ privacy_cookie: '1', privacy_cookie_2: '1' });

    // The policy changes: asked again; meanwhile only the forced group applies.
    revision.current = '2';
    await page.goto(urlFor(HOME));
    await readDone(page);
    expect((await consentEvents(page))[0]).toEqual({
      privacy_cookie_1: '1',
      privacy_cookie_2: '0',
      privacy_cookie_3: '0',
    });
    await expect(banner(page)).toBeVisible();
    await expectAxeClean(page);
    await banner(page).getByRole('button', { name: 'Preferences' }).click();
    await expect(switchFor(page, 'privacy_cookie_2'), 'their previous choice, preselected').toBeChecked();
    await expect(switchFor(page, 'privacy_cookie_3')).not.toBeChecked();
    await expectAxeClean(page);

    const reloaded = page.waitForEvent('load');
    await prefs(page).getByRole('button', { name: 'Save choices' }).click();
    await reloaded;
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toBe(
      'privacy_cookie_1=1&privacy_cookie_2=1&privacy_cookie_3=0&revision=2',
    );
    const cookies = await cookiesOf(page);
    expect(cookies.privacy_cookie_revision).toBe('2');
    expect(cookies.privacy_consent_id).toMatch(/^[0-9a-f-]{36}$/);
    await readDone(page);
    expect((await consentEvents(page))[0]).toMatchObject({
      privacy_cookie: '1',
      privacy_cookie_revision: '2',
    });

    // What the operator can show: both choices of this visitor, under their one consent id.
    const log = readFileSync(process.env.SW_CONSENT_LOG!, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { consentId: string; revision: string; gpc: boolean; flags: object });
    expect(
      log.filter((l) => l.consentId === cookies.privacy_consent_id).map((l) => [l.revision, l.gpc, l.flags]),
    ).toEqual([
      ['1', false, { privacy_cookie_1: '1', privacy_cookie_2: '1', privacy_cookie_3: '0' }],
      ['2', false, { privacy_cookie_1: '1', privacy_cookie_2: '1', privacy_cookie_3: '0' }],
    ]);
  });
});
