import type { Page } from '@playwright/test';
import {
  appendMarkup,
  expect,
  expectAxeClean,
  type Markup,
  openWithRuntime,
  runtimeIdle,
  test,
  urlFor,
} from './fixtures';
import { heights, naturalMismatches, rowProblems } from './rows-helpers';

const isSmall = (page: Page) => page.viewportSize()!.width < 768;
const services = (page: Page) => page.locator('[data-sw-menu] li:has(> a[href="/clinic/en/services/"])');
const servicesButton = (page: Page) => services(page).locator('> button.sw-submenu');
const servicesSub = (page: Page) => services(page).locator('> ul');

async function openMenuIfSmall(page: Page) {
  if (isSmall(page)) await page.locator('[data-sw-menu-toggle]').click();
}

test.describe('dropdown menu (disclosure navigation)', () => {
  test('each item with a submenu gets a named disclosure button beside its link', async ({ page }) => {
    await openWithRuntime(page, urlFor('/clinic/en/'));
    await expect(page.locator('[data-sw-menu]')).toHaveAttribute('data-sw-ready', '');
    const buttons = page.locator('[data-sw-menu] button.sw-submenu');
    await expect(buttons).toHaveCount(2); // Services, Cardiology
    const button = servicesButton(page);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    const controls = await button.getAttribute('aria-controls');
    expect(await servicesSub(page).getAttribute('id')).toBe(controls);
    await openMenuIfSmall(page);
    await expect(button).toHaveAccessibleName('Services submenu');
    // No menu roles: this is the disclosure pattern.
    await expect(page.locator('[data-sw-menu] [role^="menu"]')).toHaveCount(0);
    // The parent link still navigates.
    await services(page).locator('> a').click();
    await expect(page).toHaveURL(/\/clinic\/en\/services\/$/);
  });

  test('keyboard: Enter and Space open at once, Tab goes in, Escape closes and returns focus', async ({
    page,
  }) => {
    await openWithRuntime(page, urlFor('/clinic/en/'));
    await openMenuIfSmall(page);
    const button = servicesButton(page);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(servicesSub(page)).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.locator('a[href="/clinic/en/services/cardiology/"]')).toBeFocused();
    // The nested disclosure opens with Space.
    await page.keyboard.press('Tab');
    const cardiologyButton = page.locator(
      '[data-sw-menu] li:has(> a[href="/clinic/en/services/cardiology/"]) > button',
    );
    await expect(cardiologyButton).toBeFocused();
    await page.keyboard.press('Space');
    await expect(cardiologyButton).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.locator('a[href="/clinic/en/services/cardiology/echocardiography/"]')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(cardiologyButton).toHaveAttribute('aria-expanded', 'false');
    await expect(cardiologyButton).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
    await expect(servicesSub(page)).toBeHidden();
  });

  test('clicking outside, or focus leaving the menu, closes it', async ({ page }) => {
    await openWithRuntime(page, urlFor('/clinic/en/'));
    await openMenuIfSmall(page);
    await servicesButton(page).click();
    await expect(servicesSub(page)).toBeVisible();
    await page.locator('main h1').click();
    await expect(servicesSub(page)).toBeHidden();
    await servicesButton(page).click();
    await expect(servicesSub(page)).toBeVisible();
    await page.locator('main a').first().focus();
    await expect(servicesSub(page)).toBeHidden();
    await expect(servicesButton(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('axe-clean with a submenu open', async ({ page }) => {
    await openWithRuntime(page, urlFor('/clinic/en/services/'));
    await openMenuIfSmall(page);
    await servicesButton(page).click();
    await expect(servicesSub(page)).toBeVisible();
    await expectAxeClean(page);
  });
});

// Tagged: the desktop project runs @wide tests, the mobile project @small ones (playwright.config.ts).
test.describe('dropdown menu changed after it was enhanced', () => {
  test('items added, or the whole list replaced, are built again: buttons, collapsed submenus, active markers', async ({
    page,
  }) => {
    // The list as served, before the runtime runs (deferred scripts run after "interactive").
    await page.addInitScript(() =>
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        const w = window as unknown as { __pristine: Node };
        w.__pristine = document.querySelector('[data-sw-menu] > ul')!.cloneNode(true);
      }),
    );
    await openWithRuntime(page, urlFor('/clinic/en/services/cardiology/'));
    const buttons = page.locator('[data-sw-menu] button.sw-submenu');
    await expect(buttons).toHaveCount(2);
    await page.locator('[data-sw-menu] > ul').evaluate((ul) => {
      const li = ul.appendChild(document.createElement('li'));
      const a = li.appendChild(document.createElement('a'));
      a.href = '/clinic/en/news/';
      a.textContent = 'News';
      const sub = li.appendChild(document.createElement('ul'));
      const item = sub.appendChild(document.createElement('li')).appendChild(document.createElement('a'));
      item.href = '/clinic/en/news/flu-season/';
      item.textContent = 'Flu season';
    });
    await expect(buttons).toHaveCount(3);
    const news = page.locator('[data-sw-menu] li:has(> a[href="/clinic/en/news/"])');
    await expect(news.locator('> button.sw-submenu')).toHaveAttribute('aria-expanded', 'false');
    await expect(news.locator('> ul')).toBeHidden();

    await page.evaluate(() =>
      document
        .querySelector('[data-sw-menu] > ul')!
        .replaceWith((window as unknown as { __pristine: Node }).__pristine),
    );
    await expect(buttons).toHaveCount(2);
    await runtimeIdle(page);
    await expect(servicesSub(page)).toBeHidden();
    await expect(servicesButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('[data-sw-menu] a[href="/clinic/en/services/cardiology/"]')).toHaveAttribute(
      'aria-current',
      'page',
    );
    const toggle = page.locator('[data-sw-menu-toggle]');
    if (isSmall(page)) {
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(page.locator('[data-sw-menu] > ul')).toBeHidden();
    } else await expect(toggle).toBeHidden();
  });
});

test.describe('dropdown menu on wide screens', { tag: '@wide' }, () => {
  test('a click cancels a pending hover open: open, close, and it stays closed (time moved by the clock)', async ({
    page,
  }) => {
    await page.clock.install();
    await openWithRuntime(page, urlFor('/clinic/en/'));
    await expect(page.locator('[data-sw-menu]')).toHaveAttribute('data-sw-ready', '');
    // Time stands still from here: on a slow machine the hover's 1000 ms could otherwise pass
    // before the click, and the hover would open the menu the click then closes.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await servicesButton(page).hover(); // the pointer enters the item: a hover open is armed
    await servicesButton(page).click();
    await expect(servicesButton(page)).toHaveAttribute('aria-expanded', 'true');
    await servicesButton(page).click();
    await expect(servicesButton(page)).toHaveAttribute('aria-expanded', 'false');
    await page.clock.runFor(3000); // well past the 1000 ms opening delay
    await expect(servicesButton(page)).toHaveAttribute('aria-expanded', 'false');
    // A key closing it cancels a pending hover open too.
    await page.locator('.brand').hover();
    await services(page).locator('> a').hover();
    await servicesButton(page).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect(servicesButton(page)).toHaveAttribute('aria-expanded', 'false');
    await page.clock.runFor(3000);
    await expect(servicesButton(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('hover opens after the 1000 ms opening delay, not before; leaving closes (time moved by the clock)', async ({
    page,
  }) => {
    await page.clock.install();
    await openWithRuntime(page, urlFor('/clinic/en/'));
    await expect(page.locator('[data-sw-menu-toggle]')).toBeHidden();
    await expect(page.locator('[data-sw-menu]')).toHaveAttribute('data-sw-ready', '');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await services(page).locator('> a').hover();
    await page.clock.runFor(999);
    await expect(servicesSub(page)).toBeHidden();
    await expect(servicesButton(page)).toHaveAttribute('aria-expanded', 'false');
    await page.clock.runFor(1);
    await expect(servicesSub(page)).toBeVisible();
    await expect(servicesButton(page)).toHaveAttribute('aria-expanded', 'true');
    await page.locator('.brand').hover();
    await expect(servicesSub(page)).toBeHidden();
  });

  test('submenus are between 9 em and 25 em wide', async ({ page }) => {
    await openWithRuntime(page, urlFor('/clinic/en/'));
    await servicesButton(page).click();
    const { width, em } = await servicesSub(page).evaluate((ul) => ({
      width: ul.getBoundingClientRect().width,
      em: parseFloat(getComputedStyle(ul).fontSize),
    }));
    expect(width).toBeGreaterThanOrEqual(9 * em - 0.5);
    expect(width).toBeLessThanOrEqual(25 * em + 0.5);
  });

  test('no flash at start-up: a submenu open under the pointer stays open when the runtime connects', async ({
    page,
  }) => {
    // The page exactly as the contract writes it: without blocking="render" the browser
    // paints the builder's menu before the runtime arrives, which is the case to test.
    await page.route('**/clinic/en/', async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, body: (await res.text()).replace(' blocking="render"', '') });
    });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route('**/swfiles/runtime/runtime.js', async (route) => {
      await gate;
      await route.continue();
    });
    // Not 'domcontentloaded': that waits for the (held back) module script.
    await page.goto(urlFor('/clinic/en/'), { waitUntil: 'commit' });
    await page.locator('[data-sw-menu]').waitFor();
    await services(page).locator('> a').hover();
    await expect(servicesSub(page)).toBeVisible(); // the builder's :hover CSS
    release();
    await page.waitForSelector('[data-sw-menu][data-sw-ready]');
    await expect(servicesSub(page)).toBeVisible();
    await expect(servicesButton(page)).toHaveAttribute('aria-expanded', 'true');
  });

  test("items named as a builder names them (an image's alt, an aria-label, words with no link), an id with a space: named buttons, axe-clean open", async ({
    page,
  }) => {
    await openWithRuntime(page, urlFor('/clinic/en/'));
    // Links of a size to tap (WCAG 2.5.8), as a builder's theme makes them.
    const a = (attrs: Record<string, string>, text = '', inner: Markup[] = []): Markup => [
      'a',
      {
        href: '/clinic/en/',
        style: 'display:inline-block;min-width:24px;min-height:24px;margin:4px',
        ...attrs,
      },
      text,
      inner,
    ];
    const sub = (id: string): Markup => ['ul', { id }, '', [['li', {}, '', [a({}, 'Home')]]]];
    const logo: Markup = ['img', { src: '/clinic/assets/img/dr-chen-thumb.png', alt: 'Clinic', width: '24' }];
    const items: Markup[] = [
      ['li', {}, '', [a({}, '', [logo]), sub('one')]],
      ['li', {}, '', [a({ 'aria-label': 'Team' }, '▾'), sub('two')]],
      ['li', {}, '', [['span', {}, 'Wards'], sub('wards menu')]],
    ];
    const nav = { 'data-sw-menu': '', 'aria-label': 'Departments', id: 'builder-menu' };
    await appendMarkup(page, 'main', [['nav', nav, '', [['ul', {}, '', items]]]]);
    const menu = page.locator('#builder-menu');
    await expect(menu).toHaveAttribute('data-sw-ready', '');
    const buttons = menu.locator('button.sw-submenu');
    for (const [i, name] of ['Clinic submenu', 'Team submenu', 'Wards submenu'].entries())
      await expect(buttons.nth(i)).toHaveAccessibleName(name);
    await buttons.nth(2).click();
    await expect(page.locator('[id="wards menu"]')).toBeVisible();
    await expectAxeClean(page, { include: '#builder-menu' });
  });
});

test.describe('dropdown menu below 768 px', { tag: '@small' }, () => {
  test('the toggle shows and controls the whole list; submenus expand in place', async ({ page }) => {
    await openWithRuntime(page, urlFor('/clinic/en/'));
    const toggle = page.locator('[data-sw-menu-toggle]');
    const list = page.locator('[data-sw-menu] > ul');
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveAttribute('aria-controls', (await list.getAttribute('id'))!);
    await expect(list).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(list).toBeVisible();
    await servicesButton(page).click();
    await expect(servicesSub(page)).toBeVisible();
    expect(await servicesSub(page).evaluate((ul) => getComputedStyle(ul).position)).toBe('static');
    await expectAxeClean(page);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});

test('the menu rebuilt with the list open from its toggle keeps focus on the toggle (not <body>)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await openWithRuntime(page, urlFor('/clinic/en/'));
  const toggle = page.locator('[data-sw-menu-toggle]');
  const list = page.locator('[data-sw-menu] > ul');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(list).toBeVisible();
  await expect(toggle).toBeFocused();
  const buttons = page.locator('[data-sw-menu] button.sw-submenu');
  const before = await buttons.count();
  await list.evaluate((ul) => {
    const li = ul.appendChild(document.createElement('li'));
    const a = li.appendChild(document.createElement('a'));
    [a.href, a.textContent] = ['/clinic/en/news/', 'News'];
    const item = li.appendChild(document.createElement('ul')).appendChild(document.createElement('li'));
    const flu = item.appendChild(document.createElement('a'));
    [flu.href, flu.textContent] = ['/clinic/en/news/flu/', 'Flu'];
  });
  await expect(buttons).toHaveCount(before + 1); // built again
  await runtimeIdle(page);
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(list).toBeVisible();
  await expect(toggle).toBeFocused();
});

test('crossing 768 px with focus in the menu (zoom, rotation) keeps the list open and focus on its link', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openWithRuntime(page, urlFor('/clinic/en/'));
  const link = page.locator('[data-sw-menu] > ul > li > a').first();
  await link.focus();
  await page.setViewportSize({ width: 400, height: 700 });
  const toggle = page.locator('[data-sw-menu-toggle]');
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(link).toBeVisible();
  await expect(link).toBeFocused();
  await expectAxeClean(page);
});

test.describe('active markers', () => {
  test('the current page is marked in the menu, its ancestors form the trail', async ({ page }) => {
    await openWithRuntime(page, urlFor('/clinic/en/services/cardiology/'));
    const link = page.locator('[data-sw-menu] a[href="/clinic/en/services/cardiology/"]');
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('[data-sw-menu] li.active > a')).toHaveAttribute(
      'href',
      '/clinic/en/services/cardiology/',
    );
    await expect(page.locator('[data-sw-menu] li.active-trail > a')).toHaveAttribute(
      'href',
      '/clinic/en/services/',
    );
    await expect(page.locator('[data-sw-menu] [aria-current]')).toHaveCount(1);
    // The root link matches only the root.
    await expect(page.locator('[data-sw-menu] a[href="/clinic/en/"]')).not.toHaveAttribute(
      'aria-current',
      /.*/,
    );
  });

  test('topbar links get the same markers; query strings and hashes do not stop a match', async ({
    page,
  }) => {
    await openWithRuntime(page, `${urlFor('/clinic/en/team/')}?ref=mail#dr-baker`);
    await expect(page.locator('[data-sw-topbar] a[href="/clinic/en/team/"]')).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.locator('[data-sw-topbar] a[aria-current]')).toHaveCount(1);
    await expect(page.locator('[data-sw-menu] a[href="/clinic/en/team/"]')).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('anchor-menu links become active on click, one at a time', async ({ page }) => {
    await openWithRuntime(page, urlFor('/clinic/en/'));
    const menu = page.locator('[data-sw-anchor-menu]');
    await menu.locator('a[href="#hours"]').click();
    await expect(menu.locator('a[href="#hours"]')).toHaveClass(/\bactive\b/);
    await expect(menu.locator('a[href="#hours"]')).toHaveAttribute('aria-current', 'true');
    await menu.locator('a[href="#location"]').click();
    await expect(menu.locator('a.active')).toHaveCount(1);
    await expect(menu.locator('a[aria-current]')).toHaveAttribute('href', '#location');
    // Scroll-spy is off by default: scrolling elsewhere does not move the marker.
    await page.evaluate(() => window.scrollTo(0, 0));
    await runtimeIdle(page);
    await expect(menu.locator('a[aria-current]')).toHaveAttribute('href', '#location');
    // Back and Forward move the mark with the address; back to no fragment, none is marked.
    // (history.back(): page.goBack() waits, over WebDriver BiDi, for a load that never comes.)
    await page.evaluate(() => history.back());
    await expect(menu.locator('a[aria-current]')).toHaveAttribute('href', '#hours');
    await page.evaluate(() => history.back());
    await expect(menu.locator('a[aria-current]')).toHaveCount(0);
    await page.evaluate(() => history.forward());
    await expect(menu.locator('a[aria-current]')).toHaveAttribute('href', '#hours');
    await expect(menu.locator('a.active')).toHaveCount(1);
    // Loaded at an address naming a section (a reload, a link from another page): its link.
    await page.reload();
    await expect(menu.locator('a[aria-current]')).toHaveAttribute('href', '#hours');
  });
});

test('anchor-menu scroll-spy, when the builder turns it on, marks the section 50 px from the top', async ({
  page,
}) => {
  await openWithRuntime(page, urlFor('/clinic/en/'));
  // The builder's option, as the contract writes it, on a menu added after start-up.
  // Taken out for a frame (the runtime disconnects it), then put back with new options.
  const replaceMenu = (options: string) =>
    page.evaluate(async (options) => {
      const nav = document.querySelector('[data-sw-anchor-menu]')!;
      nav.remove();
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      nav.setAttribute('data-sw-anchor-menu', options);
      document.querySelector('main')!.prepend(nav);
    }, options);
  await replaceMenu('{"scrollSpy":true}');
  const menu = page.locator('[data-sw-anchor-menu]');
  const scrollTo = (id: string, offset: number) =>
    page.evaluate(
      ([id, offset]) => {
        const top = document.getElementById(id as string)!.getBoundingClientRect().top + scrollY;
        window.scrollTo({ top: top - (offset as number), behavior: 'instant' });
      },
      [id, offset],
    );
  await scrollTo('hours', 60);
  await runtimeIdle(page);
  await expect(menu.locator('a[aria-current]')).toHaveAttribute('href', '#about');
  await scrollTo('hours', 40);
  await expect(menu.locator('a[aria-current]')).toHaveAttribute('href', '#hours');
  await expect(menu.locator('a.active')).toHaveCount(1);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await expect(menu.locator('a[aria-current]')).toHaveCount(0);
  // A click takes the section to 100 px below the top (smooth anchors), past the spy's 50: the
  // link clicked stays the active one there, not the section before it.
  await menu.locator('a[href="#hours"]').click();
  await expect
    .poll(() => page.locator('#hours').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
    .toBe(100);
  await runtimeIdle(page);
  await expect(menu.locator('a[aria-current]')).toHaveAttribute('href', '#hours');
  await page.evaluate(() => window.scrollBy({ top: -30, behavior: 'instant' })); // the visitor scrolls up
  await expect(menu.locator('a[aria-current]')).toHaveAttribute('href', '#about');
  await page.evaluate(() => history.replaceState(null, '', location.pathname)); // the click's #hours
  // Switched off again, the spy stops: nothing it scheduled runs after disconnect.
  await replaceMenu('');
  await scrollTo('location', 0);
  await runtimeIdle(page);
  await expect(menu.locator('a[aria-current]')).toHaveCount(0);
});

test('anchor-menu scroll-spy keeps the last section’s link clicked at the end of the page, short of 100 px', async ({
  page,
}) => {
  await openWithRuntime(page, urlFor('/clinic/en/'));
  await page.evaluate(async () => {
    // The last section short: the page ends before it can scroll up to 100 px from the top.
    document.getElementById('location')!.style.minHeight = '0';
    const nav = document.querySelector('[data-sw-anchor-menu]')!;
    nav.remove();
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    nav.setAttribute('data-sw-anchor-menu', '{"scrollSpy":true}');
    document.querySelector('main')!.prepend(nav);
  });
  const menu = page.locator('[data-sw-anchor-menu]');
  await menu.locator('a[href="#location"]').click();
  await expect
    .poll(() =>
      page.evaluate(() => Math.ceil(scrollY + innerHeight) >= document.documentElement.scrollHeight),
    )
    .toBe(true);
  await runtimeIdle(page);
  expect(await page.locator('#location').evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(
    101,
  );
  await expect(menu.locator('a[aria-current]')).toHaveAttribute('href', '#location');
  await expect(menu.locator('a.active')).toHaveCount(1);
});

test.describe('smooth anchor scrolling', () => {
  const hoursTop = (page: Page) =>
    page.locator('#hours').evaluate((el) => Math.round(el.getBoundingClientRect().top));

  test('scrolls smoothly to 100 px below the top, keeping hash, :target, Back and focus native', async ({
    page,
  }) => {
    await openWithRuntime(page, urlFor('/clinic/en/'));
    // Every scroll position the page passes through is recorded: sampling one frame after the
    // click raced the animation on a loaded machine (it could already be over).
    await page.evaluate(() => {
      const w = window as unknown as { positions: number[] };
      w.positions = [];
      addEventListener('scroll', () => w.positions.push(window.scrollY));
    });
    const start = await page.evaluate(() => window.scrollY);
    await page.locator('[data-sw-anchor-menu] a[href="#hours"]').click();
    await expect.poll(() => hoursTop(page)).toBe(100);
    const end = await page.evaluate(() => window.scrollY);
    const positions = await page.evaluate(() => (window as unknown as { positions: number[] }).positions);
    // Smooth: the page stopped somewhere on the way; an instant jump goes straight to the end.
    expect(
      positions.some((y) => y > start && y < end),
      `positions ${positions.join(', ')}`,
    ).toBe(true);
    await expect(page).toHaveURL(/#hours$/);
    expect(await page.locator('#hours').evaluate((el) => el.matches(':target'))).toBe(true);
    await expect(page.locator('#hours')).toBeFocused();
    // The next Tab continues from the target.
    await page.keyboard.press('Tab');
    const next = await page.evaluate(
      () =>
        !!(
          document.getElementById('hours')!.compareDocumentPosition(document.activeElement!) &
          Node.DOCUMENT_POSITION_FOLLOWING
        ),
    );
    expect(next, 'the next Tab lands after the target').toBe(true);
    // Back (history.back() is the button's traversal), read in the page: WebDriver BiDi does
    // not report a traversal within a document, so page.goBack() would wait for ever there.
    await page.evaluate(() => history.back());
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('');
  });

  test('leaves nothing behind: no style attribute once the scroll is over, no tabindex after destroy()', async ({
    page,
  }) => {
    await openWithRuntime(page, urlFor('/clinic/en/'));
    const traces = () =>
      page.evaluate(() => ({
        html: document.documentElement.getAttribute('style'),
        target: document.getElementById('hours')!.getAttribute('style'),
        tabindex: document.getElementById('hours')!.getAttribute('tabindex'),
      }));
    const ended = page.evaluate(() => new Promise((r) => addEventListener('scrollend', r, { once: true })));
    await page.locator('[data-sw-anchor-menu] a[href="#hours"]').click();
    await ended;
    await runtimeIdle(page);
    await expect(page.locator('#hours')).toBeFocused();
    expect(await traces()).toEqual({ html: null, target: null, tabindex: '-1' });
    await page.evaluate(() => window.SiteRuntime!.destroy());
    expect(await traces()).toEqual({ html: null, target: null, tabindex: null });
  });

  test('under prefers-reduced-motion it jumps without animation', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openWithRuntime(page, urlFor('/clinic/en/'));
    await page.locator('[data-sw-anchor-menu] a[href="#location"]').click();
    const top = await page.evaluate(
      () =>
        new Promise<number>((r) =>
          requestAnimationFrame(() =>
            r(Math.round(document.getElementById('location')!.getBoundingClientRect().top)),
          ),
        ),
    );
    const max = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight - scrollY);
    // At its place at once (or as far as the page can scroll).
    expect(max === 0 ? top <= 100 : top === 100).toBe(true);
  });

  test('does nothing in the editors (local environments)', async ({ page }) => {
    await openWithRuntime(page, urlFor('/clinic/en/', 'cms'));
    await page.locator('[data-sw-anchor-menu] a[href="#hours"]').click();
    await expect(page).toHaveURL(/#hours$/);
    await expect.poll(() => hoursTop(page)).toBeLessThanOrEqual(1);
  });

  test('leaves links to modals and missing targets alone', async ({ page }) => {
    await openWithRuntime(page, urlFor('/clinic/en/'));
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '#nowhere';
      a.id = 'dangling';
      a.textContent = 'dangling';
      document.querySelector('main')!.append(a);
    });
    await page.locator('#dangling').click();
    await expect(page).toHaveURL(/#nowhere$/);
    expect(await page.evaluate(() => document.documentElement.style.scrollBehavior)).toBe('');
  });
});

test.describe('language switcher', () => {
  test('loads each menu script in order, one after another, and links every language', async ({ page }) => {
    const events: string[] = [];
    page.on(
      'request',
      (r) => r.url().includes('/swfiles/html/menu_') && events.push(`start ${r.url().split('/').pop()}`),
    );
    page.on(
      'requestfinished',
      (r) => r.url().includes('/swfiles/html/menu_') && events.push(`end ${r.url().split('/').pop()}`),
    );
    await openWithRuntime(page, urlFor('/clinic/en/services/'));
    const box = page.locator('[data-sw-languages]');
    await expect(box).toHaveAttribute('data-sw-ready', '');
    expect(events).toEqual(['start menu_en.js', 'end menu_en.js', 'start menu_fr.js', 'end menu_fr.js']);
    const en = box.locator('a[hreflang="en"]');
    const fr = box.locator('a[hreflang="fr"]');
    await expect(en).toHaveAttribute('aria-current', 'true');
    await expect(en).toHaveAttribute('lang', 'en');
    await expect(en).toHaveText('English');
    expect(await en.evaluate((a: HTMLAnchorElement) => a.href)).toBe(page.url());
    await expect(fr).toHaveAttribute('href', '/clinic/fr/services/');
    await expect(fr).toHaveAttribute('lang', 'fr');
    await expect(fr).not.toHaveAttribute('aria-current', /.*/);
    // Drawn by the LanguageList component through the UI host, whose chunk came on idle.
    await expect(box).toHaveAttribute('data-sw-ui', 'languages');
    expect(
      await page.evaluate(() =>
        performance.getEntriesByType('resource').some((e) => /\/host-[\w-]+\.js$/.test(e.name)),
      ),
    ).toBe(true);
    await fr.click();
    await expect(page).toHaveURL(/\/clinic\/fr\/services\/$/);
    await page.waitForSelector('[data-sw-languages][data-sw-ready]');
    await expect(page.locator('[data-sw-languages] a[hreflang="fr"]')).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expectAxeClean(page);
  });

  test('menu scripts that declare their list with let or const (a global binding, not a window property) work too', async ({
    page,
  }) => {
    await page.route(/\/swfiles\/html\/menu_(en|fr)\.js$/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      const lang = route.request().url().includes('menu_fr') ? 'fr' : 'en';
      await route.fulfill({ response, body: body.replace(/^var /, lang === 'fr' ? 'const ' : 'let ') });
    });
    await openWithRuntime(page, urlFor('/clinic/en/services/'));
    const box = page.locator('[data-sw-languages]');
    await expect(box).toHaveAttribute('data-sw-ready', '');
    await expect(box.locator('a[hreflang="fr"]')).toHaveAttribute('href', '/clinic/fr/services/');
    await expect(box.locator('a[hreflang="en"]')).toHaveAttribute('aria-current', 'true');
    expect(await page.evaluate(() => '__swMenu' in window)).toBe(false);
  });

  test('a list container (<ul data-sw-languages>) gets the items alone, named: no list in a list (axe)', async ({
    page,
  }) => {
    await page.route('**/clinic/en/services/', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /<div data-sw-languages class="languages">\s*<ul aria-label="Languages">([\s\S]*?)<\/ul>\s*<\/div>/,
        '<ul data-sw-languages class="languages">$1</ul>',
      );
      await route.fulfill({ response, body });
    });
    await openWithRuntime(page, urlFor('/clinic/en/services/'));
    const box = page.locator('ul[data-sw-languages]');
    await expect(box).toHaveAttribute('data-sw-ready', '');
    await expect(box).toHaveAttribute('aria-label', 'Languages');
    expect(await box.evaluate((ul) => [...ul.children].map((c) => c.tagName))).toEqual(['LI', 'LI']);
    await expect(box.locator('a[hreflang="fr"]')).toHaveAttribute('href', '/clinic/fr/services/');
    await expectAxeClean(page);
  });

  test('on a detail page the other language links to its detailList url', async ({ page }) => {
    await openWithRuntime(page, urlFor('/clinic/en/news/flu-season/'));
    await page.waitForSelector('[data-sw-languages][data-sw-ready]');
    await expect(page.locator('[data-sw-languages] a[hreflang="fr"]')).toHaveAttribute(
      'href',
      '/clinic/fr/actualites/grippe/',
    );
  });

  test('if a menu script fails, the container stays as the builder wrote it and one error is logged', async ({
    page,
  }) => {
    // What the runtime hands to console.error, read in the page: WebDriver BiDi passes an Error
    // argument on to Playwright without its message.
    await page.addInitScript(() => {
      const w = window as unknown as { swErrors: string[] };
      w.swErrors = [];
      const error = console.error.bind(console);
      console.error = (...args: unknown[]) => {
        const text = args.map((a) => (a instanceof Error ? `${a.name}: ${a.message}` : String(a))).join(' ');
        if (text.includes('[site-runtime]')) w.swErrors.push(text);
        error(...args);
      };
    });
    const logged = () => page.evaluate(() => (window as unknown as { swErrors: string[] }).swErrors);
    await page.route('**/swfiles/html/menu_fr.js', (route) =>
      route.fulfill({ status: 404, body: 'not found' }),
    );
    const original = await (await page.request.get(urlFor('/clinic/en/'))).text();
    const builderBox = original.match(/<div data-sw-languages class="languages">([\s\S]*?)<\/div>/)![1]!;
    await openWithRuntime(page, urlFor('/clinic/en/'));
    await expect.poll(async () => (await logged()).length).toBe(1);
    expect((await logged())[0]).toMatch(
      /languages controller failed \(connect\).*menu_fr\.js could not be loaded/,
    );
    const box = page.locator('[data-sw-languages]');
    expect(await box.evaluate((el) => el.innerHTML)).toBe(builderBox);
    await expect(box).not.toHaveAttribute('data-sw-ready', /.*/);
  });
});

/** Holds back responses for `pattern` until the returned function is called. */
async function holdBack(page: Page, pattern: string) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route(pattern, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test.describe('equal-height rows', () => {
  test('destroy() takes the heights back and leaves no empty style attribute on a box', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 }); // the boxes share a line
    await openWithRuntime(page, urlFor('/clinic/en/'));
    await runtimeIdle(page);
    const boxes = page.locator('[data-sw-box]');
    // Read from the style object: reading the attribute would make Chromium write it out,
    // which hid the empty attribute below (runtime/dom.ts, dropEmptyStyle).
    const minHeights = () => boxes.evaluateAll((els) => els.map((e) => (e as HTMLElement).style.minHeight));
    expect((await minHeights()).some((h) => h !== '')).toBe(true);
    await page.evaluate(() => window.SiteRuntime!.destroy());
    expect((await minHeights()).every((h) => h === '')).toBe(true);
    expect(await boxes.evaluateAll((els) => els.map((e) => e.getAttribute('style')))).toEqual([
      null,
      null,
      null,
    ]);
  });

  test("each box has exactly its line's tallest natural height as the window narrows and widens", async ({
    page,
  }) => {
    await openWithRuntime(page, urlFor('/clinic/en/stress/'));
    for (const width of [1280, 1600, 1000, 1400, 700, 1600, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await expect
        .poll(
          () => naturalMismatches(page, '#stress-row').then((m) => m.slice(0, 3)),
          `stress row at ${width}px`,
        )
        .toEqual([]);
    }
    await openWithRuntime(page, urlFor('/clinic/en/services/'));
    for (const width of [1600, 700, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(() => naturalMismatches(page, '.row.nested'), `nested row at ${width}px`).toEqual([]);
      await expect.poll(() => naturalMismatches(page, 'main > .row'), `outer row at ${width}px`).toEqual([]);
    }
  });

  test('when a held-up box turns out taller than its line, the next pass settles the line on it', async ({
    page,
  }) => {
    // Box A is text: wider, it wraps less. Box B holds a square: wider, it grows. Narrow, A
    // is the tallest and B is held up to it; wide, B is the tallest but still under its old
    // min-height, so the first pass lowers it to A's height and it overflows that.
    await page.setViewportSize({ width: 600, height: 800 });
    await openWithRuntime(page, urlFor('/clinic/en/'));
    await page.evaluate(() => {
      const row = document.createElement('div');
      row.setAttribute('data-sw-row', '');
      row.id = 'turning-row';
      row.style.cssText = 'display:flex;align-items:flex-start;width:300px';
      for (const id of ['a', 'b']) {
        const box = document.createElement('div');
        box.setAttribute('data-sw-box', '');
        box.id = `turning-${id}`;
        box.style.cssText = 'flex:1 1 0;min-width:0';
        if (id === 'a')
          box.textContent =
            'Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore. '.repeat(
              3,
            );
        else box.append(Object.assign(document.createElement('div'), { className: 'square' }));
        row.append(box);
      }
      (row.querySelector('.square') as HTMLElement).style.cssText = 'aspect-ratio:1;width:70%';
      document.querySelector('main')!.append(row);
    });
    const h = (id: string) =>
      page.locator(`#turning-${id}`).evaluate((e) => e.getBoundingClientRect().height);
    await expect.poll(() => naturalMismatches(page, '#turning-row')).toEqual([]);
    const narrow = await h('a');
    expect(narrow).toBeGreaterThan(
      await page.locator('#turning-b .square').evaluate((e) => e.getBoundingClientRect().height),
    );
    const before = await page.evaluate(() => performance.getEntriesByName('sw:rows').length);
    await page.locator('#turning-row').evaluate((row: HTMLElement) => (row.style.width = '900px'));
    await expect.poll(() => naturalMismatches(page, '#turning-row')).toEqual([]);
    const square = await page.locator('#turning-b .square').evaluate((e) => e.getBoundingClientRect().height);
    expect(Math.abs((await h('a')) - square)).toBeLessThan(1);
    // B was held above its natural height, so the first pass could not see it.
    expect(square).toBeLessThan(narrow - 10);
    // The first pass lowered B; its overflow woke a second one.
    expect(await page.evaluate(() => performance.getEntriesByName('sw:rows').length)).toBeGreaterThanOrEqual(
      before + 2,
    );
  });

  test('boxes in one visual row share the tallest natural height; alone, a box keeps its own', async ({
    page,
  }) => {
    await openWithRuntime(page, urlFor('/clinic/en/'));
    await expect(page.locator('main > .row')).toHaveAttribute('data-sw-ready', '');
    await expect.poll(() => rowProblems(page, 'main > .row')).toEqual([]);
    const h = await heights(page, 'main > .row > [data-sw-box]');
    if (isSmall(page)) {
      // Stacked: every box is alone on its line and keeps its natural height.
      expect(new Set(h).size).toBe(3);
    } else {
      expect(new Set(h).size).toBe(1);
    }
  });

  test('nested rows are equalised on their own, at any width', async ({ page }) => {
    await openWithRuntime(page, urlFor('/clinic/en/services/'));
    for (const width of [1280, 1600, 700, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(() => rowProblems(page, 'main > .row'), `outer row at ${width}px`).toEqual([]);
      await expect.poll(() => rowProblems(page, '.row.nested'), `nested row at ${width}px`).toEqual([]);
    }
    // At 1600 px the nested boxes share a line; their height is their own, not the outer one.
    await page.setViewportSize({ width: 1600, height: 800 });
    await expect
      .poll(() => heights(page, '.row.nested > [data-sw-box]').then((x) => new Set(x).size))
      .toBe(1);
    const inner = await heights(page, '.row.nested > [data-sw-box]');
    const outer = await heights(page, 'main > .row > [data-sw-box]');
    expect(inner[0]).toBeLessThan(outer[0]!);
  });

  test('re-done on resize and when an image without dimensions inside a box loads late', async ({ page }) => {
    // The fixture's image has its dimensions, so its box has its height before it arrives; a
    // builder's image may have none: this copy of the page drops them, so the box grows late.
    await page.route('**/clinic/en/stress/', async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const without = html.replace(
        ' width="960" height="640" loading="lazy" class="late-image"',
        ' loading="lazy" class="late-image"',
      );
      expect(without).not.toBe(html);
      await route.fulfill({ response, body: without });
    });
    const release = await holdBack(page, '**/assets/img/lab.png');
    await page.setViewportSize({ width: 1280, height: 800 });
    await openWithRuntime(page, urlFor('/clinic/en/stress/'));
    const pair = '#late-image-row > [data-sw-box]';
    await expect.poll(() => heights(page, pair).then((x) => new Set(x).size)).toBe(1);
    const before = (await heights(page, pair))[0]!;
    release();
    await expect.poll(() => heights(page, pair).then((x) => x[0]!)).toBeGreaterThan(before + 50);
    await expect.poll(() => heights(page, pair).then((x) => new Set(x).size)).toBe(1);

    await page.setViewportSize({ width: 900, height: 800 });
    await expect.poll(() => rowProblems(page, '#late-image-row')).toEqual([]);
    await expect.poll(() => rowProblems(page, '#stress-row')).toEqual([]);
  });

  test('re-done when a web font used in a box finishes loading', async ({ page }) => {
    const release = await holdBack(page, '**/assets/fonts/DejaVuSansMono.ttf');
    await page.setViewportSize({ width: 1280, height: 800 });
    await openWithRuntime(page, urlFor('/clinic/en/'));
    await expect.poll(() => naturalMismatches(page, 'main > .row')).toEqual([]);
    // The builder's font for the tallest box (the one not held up): until it arrives the
    // fallback is laid out.
    const tallest = await page.evaluate(() => {
      const face = new FontFace(
        'Builder Mono',
        `url(${new URL('/clinic/assets/fonts/DejaVuSansMono.ttf', location.href)})`,
      );
      document.fonts.add(face);
      void face.load();
      const boxes = [...document.querySelectorAll<HTMLElement>('main > .row > [data-sw-box]')];
      const i = boxes.findIndex((b) => !b.style.minHeight);
      boxes[i]!.style.fontFamily = "'Builder Mono', system-ui";
      return i;
    });
    await expect.poll(() => naturalMismatches(page, 'main > .row')).toEqual([]);
    const before = await heights(page, 'main > .row > [data-sw-box]');
    release();
    await expect.poll(() => page.evaluate(() => document.fonts.check("16px 'Builder Mono'"))).toBe(true);
    // The monospace text wraps onto more lines: the line grew, and is equal again.
    await expect
      .poll(() => heights(page, 'main > .row > [data-sw-box]').then((h) => h[tallest]!))
      .toBeGreaterThan(before[tallest]! + 10);
    await expect.poll(() => naturalMismatches(page, 'main > .row')).toEqual([]);
  });
});
