import type { Page } from '@playwright/test';
import {
  withoutBaseUri,
  appendMarkup,
  expect,
  expectAxeClean,
  openWithRuntime,
  runtimeIdle,
  test,
  urlFor,
} from './fixtures';

const GALLERY = '/clinic/en/gallery/';
const box = (page: Page) => page.locator('dialog.sw-lightbox');
const isOpen = (page: Page) => box(page).evaluate((d: HTMLDialogElement) => d.open && d.matches(':modal'));
const counter = (page: Page) => box(page).locator('.sw-lb-counter');
/** The navigation buttons' minimum width (the theme's navigation width). */
const navWidth = (page: Page) =>
  box(page)
    .locator('.sw-lb-nav button')
    .first()
    .evaluate((b) => getComputedStyle(b).minWidth);

/** The gallery, the runtime idle. The lightbox's code is not there yet: the first click brings it (issue 14). */
async function openGallery(page: Page) {
  await openWithRuntime(page, urlFor(GALLERY));
  await runtimeIdle(page);
}

/** Points the gallery's single inline item somewhere else, as a builder page could. */
const retarget = (page: Page, href: string, title = 'Item') =>
  page.evaluate(
    ([href, title]) => {
      const a = document.querySelector('a[data-sw-lightbox=""]')!;
      a.setAttribute('href', href!);
      a.setAttribute('title', title!);
    },
    [href, title],
  );

/** Opens the gallery's first image (960 × 640) in a window of `size`; resolves with the image shown. */
async function openLargeImage(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await openGallery(page);
  await page.locator('[data-sw-lightbox="rooms"]').first().click();
  const img = box(page).locator('.sw-lb-content img');
  await expect(img).toBeVisible();
  return img;
}

/**
 * The shown image's box, whether the dialog scrolls, whether the caption (title) is below the
 * image without touching it, and whether the whole dialog is inside the window.
 */
const layout = (page: Page) =>
  box(page).evaluate((d: HTMLDialogElement) => {
    const r = (el: Element) => el.getBoundingClientRect();
    const img = r(d.querySelector('.sw-lb-content img')!);
    const caption = r(d.querySelector('figcaption')!);
    const dialog = r(d);
    return {
      img: { width: Math.round(img.width), height: Math.round(img.height) },
      scrolls: d.scrollHeight > d.clientHeight + 1,
      scrollsAcross: d.scrollWidth > d.clientWidth + 1,
      captionBelow: caption.top >= img.bottom - 0.5,
      inWindow:
        dialog.top >= 0 && dialog.bottom <= innerHeight && dialog.left >= 0 && dialog.right <= innerWidth,
    };
  });

/** Requests to the video providers' hosts: the YouTube stub answers them. */
async function videoProviders(page: Page) {
  const requested: string[] = [];
  page.on('request', (r) => {
    if (
      /^https:\/\/([\w-]+\.)*(youtube(-nocookie)?\.com|vimeo\.com|ytimg\.com|vimeocdn\.com)\//.test(r.url())
    )
      requested.push(r.url());
  });
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({
      body: '<!doctype html><html lang="en"><title>Video</title><p>video</p></html>',
      contentType: 'text/html',
    }),
  );
  return requested;
}

test.describe('lightbox', () => {
  test('an image opens in a named dialog with its position, title and description; focus in and back', async ({
    page,
  }) => {
    await openGallery(page);
    const first = page.locator('[data-sw-lightbox="rooms"]').first();
    await first.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => isOpen(page)).toBe(true);
    await expect(counter(page)).toHaveText('Image 1 of 3');
    // Drawn by the Lightbox component through the UI host (its wrapper is the host's portal target).
    await expect(page.locator('[data-sw-ui="lightbox"] > dialog.sw-lightbox')).toHaveCount(1);
    await expect(page.locator('[data-sw-ui-root]')).toHaveCount(1);
    await expect(box(page)).toHaveAccessibleName('Waiting room');
    await expect(box(page).locator('figcaption p')).toHaveText(
      'Our waiting room, with chairs along the windows',
    );
    const img = box(page).locator('.sw-lb-content img');
    await expect(img).toHaveAttribute('alt', 'Our waiting room, with chairs along the windows');
    expect(await box(page).evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await expectAxeClean(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => box(page).evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    await expect(first).toBeFocused();
  });

  test('Tab stays in the lightbox: it never reaches the page behind', async ({ page }) => {
    await openGallery(page);
    await page.locator('[data-sw-lightbox="rooms"]').first().click();
    await expect.poll(() => isOpen(page)).toBe(true);
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      seen.add(
        await box(page).evaluate((d) =>
          d.contains(document.activeElement)
            ? 'lightbox'
            : document.activeElement === document.body
              ? 'browser'
              : 'page',
        ),
      );
    }
    expect(seen.has('page')).toBe(false);
    expect(seen.has('lightbox')).toBe(true);
  });

  test('Previous and Next wrap around the group in document order; arrow keys too', async ({ page }) => {
    await openGallery(page);
    await page.locator('[data-sw-lightbox="rooms"]').nth(2).click();
    await expect(counter(page)).toHaveText('Image 3 of 3');
    await box(page).getByRole('button', { name: 'Next' }).click();
    await expect(counter(page)).toHaveText('Image 1 of 3');
    await expect(box(page)).toHaveAccessibleName('Waiting room');
    await box(page).getByRole('button', { name: 'Previous' }).click();
    await expect(counter(page)).toHaveText('Image 3 of 3');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(counter(page)).toHaveText('Image 2 of 3');
    await expect(box(page).locator('figcaption p')).toHaveText(
      'Every room has daylight and a private changing corner.',
    );
  });

  test('legacy rel="prettyPhoto[group]" items form their own gallery', async ({ page }) => {
    await openGallery(page);
    await page.locator('a[rel="prettyPhoto[lab]"]').first().click();
    await expect(counter(page)).toHaveText('Image 1 of 2');
    await expect(box(page)).toHaveAccessibleName('Laboratory');
  });

  test('thumbnails for image items, reachable by keyboard', async ({ page }) => {
    await openGallery(page);
    await page.locator('[data-sw-lightbox="rooms"]').first().click();
    const thumbs = box(page).locator('.sw-lb-thumbs button');
    await expect(thumbs).toHaveCount(3);
    await expect(thumbs.nth(0)).toHaveAttribute('aria-current', 'true');
    // A long strip scrolled sideways fetches only the thumbnails in view.
    await expect(thumbs.locator('img[loading="lazy"]')).toHaveCount(3);
    await thumbs.nth(2).focus();
    await page.keyboard.press('Enter');
    await expect(counter(page)).toHaveText('Image 3 of 3');
    await expect(thumbs.nth(2)).toHaveAttribute('aria-current', 'true');
  });

  test('a group with a single image draws no thumbnail in its hidden strip (nothing fetched for it)', async ({
    page,
  }) => {
    await openGallery(page);
    await retarget(page, '/clinic/assets/img/lab.png?single=1', 'Lab');
    await page.locator('a[data-sw-lightbox=""]').click();
    await expect.poll(() => isOpen(page)).toBe(true);
    await runtimeIdle(page);
    await expect(box(page).locator('.sw-lb-thumbs')).toBeHidden();
    await expect(box(page).locator('.sw-lb-thumbs img')).toHaveCount(0);
  });

  test('inline content (#id) is shown as a copy; the original never leaves its place', async ({ page }) => {
    await openGallery(page);
    // Its link enhanced first (a hover brings the code), so only what opening does is compared.
    await page.locator('a[href="#directions-text"]').hover();
    await expect(page.locator('a[href="#directions-text"]')).toHaveAttribute('data-sw-ready', '');
    const original = page.locator('#directions-text');
    const parent = await original.evaluate((el) => el.parentElement!.outerHTML.length);
    await page.locator('a[href="#directions-text"]').click();
    await expect.poll(() => isOpen(page)).toBe(true);
    await expect(counter(page)).toHaveText('Item 1 of 1');
    await expect(box(page).locator('.sw-lb-content')).toContainText('From the station, walk down Lake Road');
    await expect(box(page).getByRole('button', { name: 'Next' })).toBeHidden();
    expect(await original.evaluate((el) => el.closest('dialog') === null)).toBe(true);
    await expect(page.locator('[id="directions-text"]')).toHaveCount(1);
    await expectAxeClean(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => box(page).evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    await expect(original).toBeVisible();
    expect(await original.evaluate((el) => el.parentElement!.outerHTML.length)).toBe(parent);
  });

  test('overlay click closes it', async ({ page }) => {
    await openGallery(page);
    await page.locator('[data-sw-lightbox="rooms"]').first().click();
    await expect.poll(() => isOpen(page)).toBe(true);
    await page.mouse.click(3, 3);
    await expect.poll(() => box(page).evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
  });

  test('a broken image: spec §8 message in the stage, announced; no alert; Previous and Next still work', async ({
    page,
  }) => {
    await openGallery(page);
    await page.evaluate(() =>
      document
        .querySelectorAll('[data-sw-lightbox="rooms"]')[1]!
        .setAttribute('href', '/clinic/assets/img/missing.png'),
    );
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.locator('[data-sw-lightbox="rooms"]').first().click();
    const stage = box(page).locator('.sw-lb-content > *');
    await expect(box(page).locator('.sw-lb-content img')).toBeVisible();
    const before = await stage.boundingBox();
    await box(page).getByRole('button', { name: 'Next' }).click();
    await expect(box(page).getByRole('alert')).toHaveText(
      'Image cannot be loaded. Make sure the path is correct and image exist.',
    );
    expect(await isOpen(page)).toBe(true);
    const after = await stage.boundingBox();
    expect([after!.width, after!.height]).toEqual([before!.width, before!.height]);
    await expectAxeClean(page);
    await box(page).getByRole('button', { name: 'Next' }).click();
    await expect(counter(page)).toHaveText('Image 3 of 3');
    await expect(box(page).locator('.sw-lb-content img')).toBeVisible();
    await box(page).getByRole('button', { name: 'Previous' }).click();
    await expect(counter(page)).toHaveText('Image 2 of 3');
    await expect(box(page).getByRole('alert')).toBeVisible();
    expect(dialogs).toEqual([]);
  });

  test('a slow image: the one before goes at once, the stage keeps its size, a status and spinner after 300 ms', async ({
    page,
  }) => {
    await page.clock.install({ time: new Date('2026-11-22T08:00:00Z') });
    await openGallery(page);
    await page.clock.pauseAt(new Date('2026-11-22T08:00:30Z'));
    const second = await page.locator('[data-sw-lightbox="rooms"]').nth(1).getAttribute('href');
    let release!: () => void;
    const held = new Promise<void>((ok) => (release = ok));
    await page.route(`**${second}`, async (route) => {
      await held;
      await route.continue();
    });
    // Preact runs effects (where an image is asked for) after the next frame: the clock moves
    // a frame's worth and more before each look.
    await page.locator('[data-sw-lightbox="rooms"]').first().click();
    await page.clock.runFor(100);
    const stage = box(page).locator('.sw-lb-content > *');
    await expect(box(page).locator('.sw-lb-content img')).toBeVisible();
    const before = await stage.boundingBox();
    await box(page).getByRole('button', { name: 'Next' }).click();
    await expect(counter(page)).toHaveText('Image 2 of 3');
    await expect(box(page).locator('.sw-lb-content img')).toHaveCount(0);
    const status = box(page).getByRole('status');
    await expect(status).toHaveText('');
    const waiting = await stage.boundingBox();
    expect([waiting!.width, waiting!.height]).toEqual([before!.width, before!.height]);
    await page.clock.runFor(200);
    await expect(status).toHaveText('');
    await page.clock.runFor(200);
    await expect(status).toHaveText('Loading…');
    await expect(box(page).locator('.sw-lb-loading')).toBeVisible();
    await page.clock.resume(); // axe waits on timers of its own; the image is still held
    await expectAxeClean(page);
    await expect(status).toHaveText('Loading…');
    release();
    await expect(box(page).locator('.sw-lb-content img')).toBeVisible();
    await expect(box(page).getByRole('status')).toHaveCount(0);
  });

  test('slideshow: advances every 5000 ms, stops when the visitor navigates by hand', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-11-22T08:00:00Z') });
    await openGallery(page);
    await page.clock.pauseAt(new Date('2026-11-22T08:00:30Z'));
    await page.locator('[data-sw-lightbox="rooms"]').first().click();
    await expect(counter(page)).toHaveText('Image 1 of 3');
    await box(page).getByRole('button', { name: 'Start slideshow' }).click();
    await page.clock.runFor(4900);
    await expect(counter(page)).toHaveText('Image 1 of 3');
    await page.clock.runFor(200);
    await expect(counter(page)).toHaveText('Image 2 of 3');
    await page.clock.runFor(5000);
    await expect(counter(page)).toHaveText('Image 3 of 3');
    await box(page).getByRole('button', { name: 'Previous' }).click();
    await expect(box(page).getByRole('button', { name: 'Start slideshow' })).toBeVisible();
    await page.clock.runFor(20_000);
    await expect(counter(page)).toHaveText('Image 2 of 3');
  });

  test('a description is the caption’s: the image keeps the builder’s alt text', async ({ page }) => {
    await openGallery(page);
    await page.evaluate(() =>
      document
        .querySelector('[data-sw-lightbox="rooms"]')!
        .setAttribute('data-sw-description', 'Open Monday to Friday'),
    );
    await page.locator('[data-sw-lightbox="rooms"]').first().click();
    const img = box(page).locator('.sw-lb-content img');
    await expect(img).toHaveAttribute('alt', 'Our waiting room, with chairs along the windows');
    await expect(box(page).locator('figcaption p')).toHaveText('Open Monday to Friday');
    await expectAxeClean(page);
  });

  test('titles, descriptions, alt text and the hash are text, never HTML', async ({ page }) => {
    const hostile = [
      '<img src=x onerror="window.__xss=1">',
      '"><svg onload="window.__xss=2">',
      '<script>window.__xss=3</script>',
      'javascript:window.__xss=4',
    ];
    await openWithRuntime(page, `${urlFor(GALLERY)}#!<img src=x onerror=window.__xss=5>/0`);
    await runtimeIdle(page);
    for (const value of hostile) {
      await page.evaluate((v) => {
        const a = document.querySelector('[data-sw-lightbox="rooms"]')!;
        a.setAttribute('title', v);
        a.setAttribute('data-sw-description', v);
        a.querySelector('img')!.setAttribute('alt', v);
      }, value);
      await page.locator('[data-sw-lightbox="rooms"]').first().click();
      await expect(box(page).locator('figcaption h2')).toHaveText(value);
      await expect(box(page).locator('.sw-lb-content img')).toHaveAttribute('alt', value);
      await page.keyboard.press('Escape');
      await expect.poll(() => box(page).evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    }
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await box(page).locator('script, svg, [onerror], [onload]').count()).toBe(0);
  });
});

test.describe('lightbox: content types, sizing, options', () => {
  test('a large image fits a desktop window less 200 px across, with the caption, navigation and thumbnails in view below; expand and contract', async ({
    page,
  }) => {
    const img = await openLargeImage(page, { width: 1280, height: 700 });
    const fitted = await layout(page);
    expect(fitted.img.width).toBeLessThanOrEqual(1280 - 200);
    expect(fitted.img.height).toBeLessThan(640);
    expect(Math.abs(fitted.img.width / fitted.img.height - 960 / 640)).toBeLessThan(0.01);
    expect(fitted).toMatchObject({
      scrolls: false,
      scrollsAcross: false,
      captionBelow: true,
      inWindow: true,
    });
    await box(page).getByRole('button', { name: 'Expand to full size' }).click();
    await expect.poll(() => img.evaluate((i) => Math.round(i.getBoundingClientRect().height))).toBe(640);
    await box(page).getByRole('button', { name: 'Fit to window' }).click();
    await expect
      .poll(() => img.evaluate((i) => Math.round(i.getBoundingClientRect().height)))
      .toBe(Math.round(fitted.img.height));
  });

  test('expanded on a phone, all of the image can be scrolled to: its left edge too', async ({ page }) => {
    const img = await openLargeImage(page, { width: 375, height: 667 });
    await box(page).getByRole('button', { name: 'Expand to full size' }).click();
    await expect.poll(() => img.evaluate((i) => Math.round(i.getBoundingClientRect().width))).toBe(960);
    const edges = await img.evaluate((i) => {
      const content = i.closest('.sw-lb-content')!;
      content.scrollLeft = 0;
      return { img: i.getBoundingClientRect().left, content: content.getBoundingClientRect().left };
    });
    expect(edges.img).toBeGreaterThanOrEqual(edges.content - 0.5);
    // A keyboard reaches what scrolls (axe: scrollable-region-focusable); fitted, no extra tab stop.
    const content = box(page).locator('.sw-lb-content');
    await expect(content).toHaveAttribute('tabindex', '0');
    await expectAxeClean(page);
    await box(page).getByRole('button', { name: 'Fit to window' }).click();
    await expect(content).not.toHaveAttribute('tabindex');
  });

  test('on a phone the image takes almost all of the width; turned on its side and back it refits', async ({
    page,
  }) => {
    await openLargeImage(page, { width: 375, height: 667 });
    // 375 less the 48 px margin, or less the dialog's own edge, padding and scrollbar gutter
    // where those take more (a classic scrollbar, as headless browsers have: 15 px).
    const upright = await layout(page);
    expect(upright.img.width).toBeGreaterThanOrEqual(375 - 60);
    expect(upright.img.width).toBeLessThanOrEqual(375 - 48);
    expect(upright).toMatchObject({
      scrolls: false,
      scrollsAcross: false,
      captionBelow: true,
      inWindow: true,
    });
    await expectAxeClean(page);

    await page.setViewportSize({ width: 667, height: 375 });
    // On its side the image is as tall as half the window allows; the rest scrolls into view.
    await expect.poll(async () => (await layout(page)).img.height).toBeLessThanOrEqual(375 - 375 / 2 + 1);
    const side = await layout(page);
    expect(side.img.height).toBeGreaterThan(150);
    expect(side.captionBelow).toBe(true);

    await page.setViewportSize({ width: 375, height: 667 });
    await expect.poll(async () => (await layout(page)).img.width).toBe(upright.img.width);
  });

  test('ajax content from the same origin is shown sanitised; from another origin it is refused', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await openGallery(page);
    await retarget(page, '/clinic/assets/fragments/hours.html?ajax=true', 'Opening hours');
    await page.locator('a[title="Opening hours"]').click();
    await expect(box(page).locator('.sw-lb-content h2')).toHaveText('Opening hours');
    await expect(counter(page)).toHaveText('Item 1 of 1');
    await expectAxeClean(page);
    expect(await box(page).locator('script, [onerror], a[href^="javascript"]').count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();

    await page.route('http://elsewhere.localhost/**', (route) =>
      route.fulfill({ body: '<p>elsewhere</p>', contentType: 'text/html' }),
    );
    await retarget(page, 'http://elsewhere.localhost/fragment.html?ajax=true', 'Elsewhere');
    await page.locator('a[title="Elsewhere"]').click();
    await expect
      .poll(() => errors.some((e) => /ajax content from another origin .* is refused/.test(e)))
      .toBe(true);
    // No lightbox: the link does what it does without script (a plain navigation).
    await expect(page).toHaveURL(/^http:\/\/elsewhere\.localhost\/fragment\.html/);
  });

  test('ajax content that cannot be loaded says so in the stage, announced, not an empty box', async ({
    page,
  }) => {
    await openGallery(page);
    await retarget(page, '/clinic/assets/fragments/missing.html?ajax=true', 'Gone');
    const errors: string[] = []; // from here on: the item's
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.locator('a[title="Gone"]').click();
    await expect(box(page).locator('.sw-lb-content [role="alert"]')).toHaveText(
      'This content cannot be loaded.',
    );
    expect(errors.some((e) => e.includes('missing.html?ajax=true could not be loaded'))).toBe(true);
    await expectAxeClean(page);
  });

  const tour = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&width=640&height=360';

  test('YouTube waits behind a placeholder: nothing is requested from it before "Load video"; axe-clean both ways', async ({
    page,
  }) => {
    const requested = await videoProviders(page);
    await openGallery(page);
    await retarget(page, tour, 'A tour of the clinic');
    await page.locator('a[title="A tour of the clinic"]').click();
    const placeholder = box(page).locator('.sw-lb-embed');
    await expect(placeholder).toContainText('A tour of the clinic');
    await expect(placeholder).toContainText('YouTube may set cookies once it loads.');
    await expect(counter(page)).toHaveText('Video 1 of 1');
    await expect(box(page).locator('iframe')).toHaveCount(0);
    await expectAxeClean(page);
    await runtimeIdle(page);
    expect(requested).toEqual([]);

    await placeholder.getByRole('button', { name: 'Load video' }).press('Enter');
    const frame = box(page).locator('.sw-lb-content iframe');
    await expect(frame).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?enablejsapi=1',
    );
    await expect(frame).toBeFocused(); // focus stays in the dialog, on what replaced the button
    await expect(frame).toHaveAttribute('title', 'A tour of the clinic');
    expect(
      await frame.evaluate((f) => [f.getBoundingClientRect().width, f.getBoundingClientRect().height]),
    ).toEqual(page.viewportSize()!.width >= 840 ? [640, 360] : expect.any(Array));
    await expectAxeClean(page);
    expect(requested).toEqual(['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?enablejsapi=1']);
  });

  test('YouTube loads at once when the visitor allowed external media (privacy_cookie_3)', async ({
    page,
  }) => {
    const requested = await videoProviders(page);
    await page
      .context()
      .addCookies([{ name: 'privacy_cookie_3', value: '1', url: new URL('/', urlFor(GALLERY)).href }]);
    await openGallery(page);
    await retarget(page, tour, 'A tour of the clinic');
    await page.locator('a[title="A tour of the clinic"]').click();
    await expect(box(page).locator('.sw-lb-content iframe')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?enablejsapi=1',
    );
    await expect(box(page).locator('.sw-lb-embed')).toHaveCount(0);
    // The frame's request follows its src: waited for, not assumed made.
    await expect
      .poll(() => requested)
      .toEqual(['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?enablejsapi=1']);
  });

  /** Serves the gallery with extra `lightbox` config, as a builder would write it. */
  async function withLightboxConfig(page: Page, lightbox: Record<string, unknown>) {
    await page.route(`**${GALLERY}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        '<script type="application/json" id="sw-config">\n{',
        `<script type="application/json" id="sw-config">\n{ "lightbox": ${JSON.stringify(lightbox)},`,
      );
      await route.fulfill({ response, body });
    });
  }
  /** The gallery with deep links on, opened at `hash`: the lightbox opens from the address. */
  async function openDeepLink(page: Page, hash: string) {
    await withLightboxConfig(page, { deepLinking: true });
    await openWithRuntime(page, `${urlFor(GALLERY)}${hash}`);
    await expect.poll(() => isOpen(page).catch(() => false)).toBe(true);
  }

  test('the modal option keeps it open on overlay clicks; the theme is a class; opacity applies', async ({
    page,
  }) => {
    await withLightboxConfig(page, { modal: true, theme: 'facebook', opacity: 0.5 });
    await openGallery(page);
    await page.locator('[data-sw-lightbox="rooms"]').first().click();
    await expect(box(page)).toHaveClass(/sw-lightbox--facebook/);
    expect(await box(page).evaluate((d) => getComputedStyle(d, '::backdrop').backgroundColor)).toBe(
      'rgba(0, 0, 0, 0.5)',
    );
    // Where ::backdrop inherits nothing from its dialog (Chrome before 122, Firefox before 120,
    // Safari before 17.4), the custom property does not reach it: the configured value still applies.
    const uninherited = await box(page).evaluate((d) => {
      d.style.removeProperty('--sw-lb-opacity');
      return getComputedStyle(d, '::backdrop').backgroundColor;
    });
    expect(uninherited).toBe('rgba(0, 0, 0, 0.5)');
    expect(await navWidth(page)).toBe('50px');
    // Shown (faded in): a close would take that away at once, before its fade-out ends.
    await expect(box(page)).toHaveAttribute('data-sw-shown', '');
    await page.mouse.click(3, 3);
    await runtimeIdle(page);
    await expect(box(page)).toHaveAttribute('data-sw-shown', '');
    expect(await isOpen(page)).toBe(true);
  });

  test('slideshow options: a custom interval with autoplay; `false` removes the control', async ({
    page,
  }) => {
    await page.clock.install({ time: new Date('2026-11-22T08:00:00Z') });
    await withLightboxConfig(page, { slideshow: 2000, autoplaySlideshow: true });
    await openGallery(page);
    await page.clock.pauseAt(new Date('2026-11-22T08:00:30Z'));
    await page.locator('[data-sw-lightbox="rooms"]').first().click();
    await expect(box(page).getByRole('button', { name: 'Stop slideshow' })).toBeVisible();
    await page.clock.runFor(2100);
    await expect(counter(page)).toHaveText('Image 2 of 3');
    await page.clock.resume();
    await page.unroute(`**${GALLERY}`);
    await withLightboxConfig(page, { slideshow: false });
    await openGallery(page);
    await page.locator('[data-sw-lightbox="rooms"]').first().click();
    await expect(counter(page)).toHaveText('Image 1 of 3');
    await expect(box(page).locator('.sw-lb-play')).toBeHidden();
  });

  test('autoplay waits for Play under reduced motion; a running slideshow does not read out every step', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await withLightboxConfig(page, { slideshow: 2000, autoplaySlideshow: true });
    await openGallery(page);
    await page.locator('[data-sw-lightbox="rooms"]').first().click();
    await expect(counter(page)).toHaveText('Image 1 of 3');
    await expect(counter(page)).toHaveAttribute('aria-live', 'polite');
    await box(page).getByRole('button', { name: 'Start slideshow' }).click();
    await expect(counter(page)).toHaveAttribute('aria-live', 'off');
    await box(page).getByRole('button', { name: 'Stop slideshow' }).click();
    await expect(counter(page)).toHaveAttribute('aria-live', 'polite');
  });

  test('deep links when on: the builder’s older #prettyPhoto[group]/index/ links still open their item', async ({
    page,
  }) => {
    await withLightboxConfig(page, { deepLinking: true });
    await openWithRuntime(page, `${urlFor(GALLERY)}#prettyPhoto[lab]/1/`);
    await expect.poll(() => isOpen(page).catch(() => false)).toBe(true);
    await expect(counter(page)).toHaveText('Image 2 of 2');
    await expect(box(page)).toHaveAccessibleName('Imaging');
  });

  test('deep links when on: opened from the address and closed, focus goes to the item’s link', async ({
    page,
  }) => {
    await openDeepLink(page, '#!rooms/2');
    await expect(counter(page)).toHaveText('Image 3 of 3');
    await page.keyboard.press('Escape');
    await expect.poll(() => isOpen(page)).toBe(false);
    await expect(page.locator('[data-sw-lightbox="rooms"]').nth(2)).toBeFocused();
  });

  test('deep links when on: a jump to a heading within the content shown keeps the lightbox open', async ({
    page,
  }) => {
    await withLightboxConfig(page, { deepLinking: true });
    await openGallery(page);
    await appendMarkup(page, 'main', [
      [
        'div',
        { id: 'faq', hidden: '' },
        '',
        [
          ['a', { href: '#q2' }, 'Second question'],
          ['p', { style: 'height: 1500px' }, 'First answer'],
          ['h3', { id: 'q2' }, 'Second'],
          ['p', {}, 'Second answer'],
        ],
      ],
      ['a', { href: '#faq', 'data-sw-lightbox': 'faq' }, 'FAQ'],
      ['a', { href: '#faq', 'data-sw-lightbox': 'faq' }, 'FAQ again'],
    ]);
    await page.getByRole('link', { name: 'FAQ', exact: true }).click();
    await expect(counter(page)).toHaveText('Item 1 of 2');
    await box(page).getByRole('link', { name: 'Second question' }).click();
    await expect(page).toHaveURL(/#q2-sw-lightbox$/);
    await runtimeIdle(page);
    expect(await isOpen(page)).toBe(true);
    await expect(box(page).getByRole('heading', { name: 'Second' })).toBeInViewport();
  });

  test('deep links count a refused link of the group too, so the address names the item shown', async ({
    page,
  }) => {
    // Deep linking on, and a link the runtime refuses (it stays the builder's link) before the
    // second item: one route for both (a second one would not see the first one's change).
    await page.route(`**${GALLERY}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text())
        .replace(
          '<script type="application/json" id="sw-config">\n{',
          '<script type="application/json" id="sw-config">\n{ "lightbox": { "deepLinking": true },',
        )
        .replace(
          '<li><a href="/clinic/assets/img/consultation.png"',
          '<li><a href="javascript:void(0)" data-sw-lightbox="rooms">Old link</a></li><li><a href="/clinic/assets/img/consultation.png"',
        );
      await route.fulfill({ response, body });
    });
    await openGallery(page);
    await page.locator('[data-sw-lightbox="rooms"][title="Reception"]').click();
    await expect(counter(page)).toHaveText('Image 3 of 3');
    const address = page.url();
    expect(address).toMatch(/#!rooms\/3$/); // its place among the group's four links
    // The shared address opens that item (the item's own index, 2, named the consultation room).
    await page.goto('about:blank');
    await openWithRuntime(page, address);
    await expect.poll(() => isOpen(page).catch(() => false)).toBe(true);
    await expect(box(page)).toHaveAccessibleName('Reception');
  });

  test('deep links under a <base> elsewhere name the page’s own address', async ({ page }) => {
    await withoutBaseUri(page, GALLERY, (body) =>
      body.replace(
        '<script type="application/json" id="sw-config">\n{',
        '<script type="application/json" id="sw-config">\n{ "lightbox": { "deepLinking": true },',
      ),
    );
    await openGallery(page);
    // A <base href="/"> (common on builder pages) read a bare fragment against the site's root.
    await page.evaluate(() =>
      document.head.prepend(Object.assign(document.createElement('base'), { href: '/' })),
    );
    await page.locator('a[rel="prettyPhoto[lab]"]').first().click();
    await expect(page).toHaveURL(`${urlFor(GALLERY)}#!lab/0`);
    await box(page).getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(`${urlFor(GALLERY)}#!lab/1`);
    await page.keyboard.press('Escape');
    await expect.poll(() => box(page).evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    expect(await page.evaluate(() => location.href)).toBe(urlFor(GALLERY));
  });

  test('deep links: ignored by default', async ({ page }) => {
    await openWithRuntime(page, `${urlFor(GALLERY)}#!rooms/1`);
    // The lightbox's code comes on a hover: then it is the lightbox that leaves the address alone.
    await page.locator('[data-sw-lightbox="rooms"]').first().hover();
    await expect(page.locator('[data-sw-lightbox="rooms"]').first()).toHaveAttribute('data-sw-ready', '');
    await runtimeIdle(page);
    expect(await page.locator('dialog.sw-lightbox[open]').count()).toBe(0);
  });

  test.describe(() => {
    test.use({ freshTab: true }); // it counts history entries
    test('deep links when on: the address opens its item and follows it; opening adds one entry, moving replaces it, Back closes', async ({
      page,
    }) => {
      await openDeepLink(page, '#!rooms/1');
      await expect(counter(page)).toHaveText('Image 2 of 3');
      const length = await page.evaluate(() => history.length);
      // The visitor's own entry follows the item shown, and closing takes the fragment off it.
      await page.keyboard.press('ArrowRight');
      await expect(counter(page)).toHaveText('Image 3 of 3');
      await expect(page).toHaveURL(/#!rooms\/2$/);
      await page.keyboard.press('Escape');
      await expect.poll(() => box(page).evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
      expect(await page.evaluate(() => location.href)).toBe(urlFor(GALLERY));
      expect(await page.evaluate(() => history.length)).toBe(length);

      await page.locator('a[rel="prettyPhoto[lab]"]').first().click();
      await expect(page).toHaveURL(/#!lab\/0$/);
      await box(page).getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveURL(/#!lab\/1$/);
      expect(await page.evaluate(() => history.length)).toBe(length + 1);
      // The page's own Back and address: Firefox's WebDriver BiDi reports no navigation for a
      // same-document traversal to the fragment-less address (Playwright's goBack waited for one).
      await page.evaluate(() => history.back());
      await expect.poll(() => box(page).evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
      expect(await page.evaluate(() => location.href)).toBe(urlFor(GALLERY));

      // Opened, reloaded (now opened from the address), then Back: closed, not left open.
      await page.locator('a[rel="prettyPhoto[lab]"]').first().click();
      await expect(page).toHaveURL(/#!lab\/0$/);
      await page.reload();
      await expect.poll(() => isOpen(page).catch(() => false)).toBe(true);
      await page.evaluate(() => history.back());
      await expect.poll(() => box(page).evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
      expect(await page.evaluate(() => location.href)).toBe(urlFor(GALLERY));
    });
  });
});

test.describe('lightbox: loading and keyboard', () => {
  test('neighbours are preloaded; an open overtaken by a newer one is dropped', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await openGallery(page);
    await page.route('**/assets/img/waiting-room.png', async (route) => {
      await gate;
      await route.continue();
    });
    await page.locator('[data-sw-lightbox="rooms"]').nth(1).click(); // consultation
    await expect(counter(page)).toHaveText('Image 2 of 3');
    await expect(box(page).locator('.sw-lb-content img')).toHaveAttribute('src', /consultation\.png$/);
    // Both neighbours were asked for while the first image showed.
    await expect
      .poll(() => requested.filter((p) => /\/(waiting-room|reception)\.png$/.test(p)).length)
      .toBe(2);
    // The held-back waiting room, then at once the reception: the slow one must not win.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(counter(page)).toHaveText('Image 3 of 3');
    await expect(box(page).locator('.sw-lb-content img')).toHaveAttribute('src', /reception\.png$/);
    // The held-back image arrives and is decoded in the page; then nothing is under way.
    const arrived = page.waitForEvent('requestfinished', (r) => r.url().endsWith('/waiting-room.png'));
    release();
    const url = (await arrived).url();
    await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
    }, url);
    await runtimeIdle(page);
    await expect(box(page).locator('.sw-lb-content img')).toHaveAttribute('src', /reception\.png$/);
    await expect(counter(page)).toHaveText('Image 3 of 3');
  });

  test('arrow keys are left alone with a modifier, and while focus is in a form field inside the lightbox', async ({
    page,
  }) => {
    await openGallery(page);
    await page.locator('[data-sw-lightbox="rooms"]').first().click();
    await expect(counter(page)).toHaveText('Image 1 of 3');
    // Alt+arrows are the browser's Back and Forward (no forward entry here: nothing happens).
    for (const key of ['Alt+ArrowRight', 'Control+ArrowRight', 'Shift+ArrowRight']) {
      await page.keyboard.press(key);
      await runtimeIdle(page);
      await expect(counter(page), key).toHaveText('Image 1 of 3');
    }
    await box(page).evaluate((d) => {
      const input = document.createElement('input');
      input.setAttribute('aria-label', 'Note');
      d.querySelector('figcaption')!.append(input);
      input.focus();
    });
    await page.keyboard.press('ArrowRight');
    await expect(counter(page)).toHaveText('Image 1 of 3');
  });

  test('a focused video player keeps its arrow keys: they seek, not switch items', async ({ page }) => {
    await page.route('**/media/tour.mp4', (route) => route.fulfill({ body: '', contentType: 'video/mp4' }));
    await openGallery(page);
    await page.evaluate(() =>
      document.querySelector('[data-sw-lightbox="rooms"]')!.setAttribute('href', '/clinic/media/tour.mp4'),
    );
    await page.locator('[data-sw-lightbox="rooms"]').first().click();
    await expect(counter(page)).toHaveText('Video 1 of 3');
    const video = box(page).locator('.sw-lb-content video');
    await video.focus();
    await expect(video).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await runtimeIdle(page);
    await expect(counter(page)).toHaveText('Video 1 of 3');
    // The same key from the dialog's own controls still moves on.
    await box(page).getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(counter(page)).toHaveText('Image 2 of 3');
  });

  test('the position is announced in the page’s language', async ({ page }) => {
    await openWithRuntime(page, urlFor('/clinic/fr/galerie/'));
    await runtimeIdle(page);
    await page.locator('[data-sw-lightbox="rooms"]').nth(1).click();
    await expect(counter(page)).toHaveText('Image 2 sur 3');
    await expect(counter(page)).toHaveAttribute('aria-live', 'polite');
    await expect(box(page).getByRole('button', { name: 'Suivant' })).toBeVisible();
  });
});

test.describe('lightbox: more content types and the look', () => {
  test('a video file plays in a native player with controls', async ({ page }) => {
    await page.route('**/media/tour.mp4', (route) => route.fulfill({ body: '', contentType: 'video/mp4' }));
    await openGallery(page);
    await retarget(page, '/clinic/media/tour.mp4?width=480&height=270', 'Clinic tour');
    await page.locator('a[title="Clinic tour"]').click();
    const video = box(page).locator('.sw-lb-content video');
    await expect(video).toHaveAttribute('controls', '');
    await expect(video).toHaveAttribute('src', /\/clinic\/media\/tour\.mp4\?width=480&height=270$/);
    await expect(counter(page)).toHaveText('Video 1 of 1');
    await expectAxeClean(page);
  });

  test('?iframe=true opens the page in a titled frame sized by width and height', async ({ page }) => {
    await openGallery(page);
    await retarget(page, '/clinic/en/news/?iframe=true&width=600&height=400', 'Latest news');
    await page.locator('a[title="Latest news"]').click();
    const frame = box(page).locator('.sw-lb-content iframe');
    await expect(frame).toHaveAttribute('src', /\/clinic\/en\/news\/$/);
    await expect(frame).toHaveAttribute('title', 'Latest news');
    await expect(counter(page)).toHaveText('Item 1 of 1');
    if (page.viewportSize()!.width >= 800) {
      expect(
        await frame.evaluate((f) => [f.getBoundingClientRect().width, f.getBoundingClientRect().height]),
      ).toEqual([600, 400]);
    }
  });

  test('Vimeo waits behind its placeholder, then is embedded from player.vimeo.com without tracking', async ({
    page,
  }) => {
    await page.route('https://player.vimeo.com/**', (route) =>
      route.fulfill({
        body: '<!doctype html><html lang="en"><title>Video</title></html>',
        contentType: 'text/html',
      }),
    );
    const requested = await videoProviders(page);
    await openGallery(page);
    await retarget(page, 'https://vimeo.com/76979871', 'Our garden');
    await page.locator('a[title="Our garden"]').click();
    const placeholder = box(page).locator('.sw-lb-embed');
    await expect(placeholder).toContainText('Vimeo may set cookies once it loads.');
    await runtimeIdle(page);
    expect(requested).toEqual([]);
    await placeholder.getByRole('button', { name: 'Load video' }).click();
    await expect(box(page).locator('.sw-lb-content iframe')).toHaveAttribute(
      'src',
      'https://player.vimeo.com/video/76979871?dnt=1',
    );
    // The frame's request follows its src: waited for (a final CI run saw the check come first).
    await expect.poll(() => requested).toEqual(['https://player.vimeo.com/video/76979871?dnt=1']);
  });

  test('fast animation (200 ms); 57 px thumbnail slots; 30 px navigation for other themes', async ({
    page,
  }) => {
    await openGallery(page);
    await page.locator('[data-sw-lightbox="rooms"]').first().click();
    expect(
      await box(page).evaluate((d) => [
        getComputedStyle(d).transitionDuration,
        getComputedStyle(d, '::backdrop').transitionDuration,
      ]),
    ).toEqual(['0.2s', '0.2s']);
    const lefts = await box(page)
      .locator('.sw-lb-thumbs button')
      .evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().left));
    expect(lefts[1]! - lefts[0]!).toBe(57);
    expect(await navWidth(page)).toBe('50px');
    await box(page).evaluate((d) =>
      d.classList.replace('sw-lightbox--pp_default', 'sw-lightbox--light_rounded'),
    );
    expect(await navWidth(page)).toBe('30px');
  });

  test('no animation under prefers-reduced-motion', async ({ page }) => {
    await openGallery(page);
    await page.locator('[data-sw-lightbox="rooms"]').first().click();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await box(page).evaluate((d) => getComputedStyle(d).transitionDuration)).toBe('0s');
  });

  test('its code is fetched only on pages with lightbox items, on the first contact with one', async ({
    page,
  }) => {
    const chunks: string[] = [];
    page.on('request', (r) => /\/lightbox-[\w-]+\.js$/.test(r.url()) && chunks.push(r.url()));
    await openWithRuntime(page, urlFor('/clinic/en/services/'));
    await runtimeIdle(page);
    expect(chunks).toEqual([]);
    await openGallery(page);
    expect(chunks).toEqual([]); // issue 14: the interaction strategy
    await page.locator('[data-sw-lightbox="rooms"]').nth(1).hover();
    await expect(page.locator('[data-sw-lightbox="rooms"]').nth(1)).toHaveAttribute('data-sw-ready', '');
    expect(chunks).toHaveLength(1);
  });
});
