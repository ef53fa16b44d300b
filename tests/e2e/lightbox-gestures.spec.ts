import type { CDPSession, Page } from '@playwright/test';
import { expect, expectAxeClean, openWithRuntime, runtimeIdle, test, urlFor } from './fixtures';
import { touch as gesture, type Point } from './touch';

// Issue 16, gestures: real touch input (Chromium's, through the DevTools protocol, which has
// several fingers where Playwright's touchscreen has one) on a phone-sized window with touch
// (the mobile project; @small keeps them there).

const box = (page: Page) => page.locator('dialog.sw-lightbox');
const counter = (page: Page) => box(page).locator('.sw-lb-counter');
const image = (page: Page) => box(page).locator('.sw-lb-content img');
const scale = (page: Page) => image(page).evaluate((i) => new DOMMatrix(getComputedStyle(i).transform).a);

/** Opens the gallery's first image; resolves once it shows and the gestures are attached. */
async function openFirst(page: Page) {
  await openWithRuntime(page, urlFor('/clinic/en/gallery/'));
  const first = page.locator('[data-sw-lightbox="rooms"]').first();
  await runtimeIdle(page); // the lightbox's code comes with the click (issue 14)
  await first.click();
  await expect(counter(page)).toHaveText('Image 1 of 3');
  await ready(page);
  return first;
}

/** The image shows and the stage has taken the touch (its gestures' chunk attached). */
async function ready(page: Page) {
  await expect(image(page)).toBeVisible();
  // Ours alone, or under reduced motion the browser's pinch-zoom and scrolling beside a swipe.
  await expect(box(page).locator('.sw-lb-content')).toHaveCSS('touch-action', /^(none|pan-y pinch-zoom)$/);
}

/** The image's centre, in the window. */
async function centre(page: Page): Promise<Point> {
  const r = (await image(page).boundingBox())!;
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
}

/** Two taps in quick succession at `p`. */
async function doubleTap(cdp: CDPSession, p: Point) {
  for (let i = 0; i < 2; i++) await gesture(cdp, [p], [p], 1);
}

/** Two fingers 60 px apart about `c` spread to 180 px: a pinch out (3x). */
const pinch = (cdp: CDPSession, c: Point) =>
  gesture(
    cdp,
    [-30, 30].map((d) => ({ x: c.x + d, y: c.y })),
    [-90, 90].map((d) => ({ x: c.x + d, y: c.y })),
  );

test.describe('lightbox gestures on a phone @small', () => {
  test('a swipe steps to the next and the previous image; a short one snaps back', async ({ page }) => {
    await openFirst(page);
    const cdp = await page.context().newCDPSession(page);
    const c = await centre(page);
    await gesture(cdp, [c], [{ x: c.x - 150, y: c.y }]);
    await expect(counter(page)).toHaveText('Image 2 of 3');
    await ready(page);
    await gesture(cdp, [c], [{ x: c.x + 150, y: c.y + 5 }]);
    await expect(counter(page)).toHaveText('Image 1 of 3');
    await ready(page);
    await gesture(cdp, [c], [{ x: c.x - 30, y: c.y }]);
    await expect(image(page)).toHaveCSS('transform', /matrix\(1, 0, 0, 1, 0, 0\)|none/);
    await expect(counter(page)).toHaveText('Image 1 of 3');
  });

  test('an image still loading or that failed can be swiped past (not zoomed)', async ({ page }) => {
    await openWithRuntime(page, urlFor('/clinic/en/gallery/'));
    const first = page.locator('[data-sw-lightbox="rooms"]').first();
    await runtimeIdle(page); // the lightbox's code comes with the click (issue 14)
    await page.evaluate(() =>
      document
        .querySelector('[data-sw-lightbox="rooms"]')!
        .setAttribute('href', '/clinic/assets/img/missing.png'),
    );
    await first.click();
    await expect(box(page).getByRole('alert')).toBeVisible();
    await expect(box(page).locator('.sw-lb-content')).toHaveCSS('touch-action', 'none');
    const cdp = await page.context().newCDPSession(page);
    const r = (await box(page).locator('.sw-lb-wait').boundingBox())!;
    const c = { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    await pinch(cdp, c);
    await expect(box(page).locator('.sw-lb-wait')).toHaveCSS('transform', /none|matrix\(1, 0, 0, 1, 0, 0\)/);
    await gesture(cdp, [c], [{ x: c.x - 150, y: c.y }]);
    await expect(counter(page)).toHaveText('Image 2 of 3');
    await expect(image(page)).toBeVisible();
  });

  test('a swipe down closes the lightbox, and focus goes back to the link', async ({ page }) => {
    const first = await openFirst(page);
    const cdp = await page.context().newCDPSession(page);
    const c = await centre(page);
    await gesture(cdp, [c], [{ x: c.x + 5, y: c.y + 200 }]);
    await expect.poll(() => box(page).evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    await expect(first).toBeFocused();
  });

  test('a pinch zooms; zoomed, one finger pans instead of swiping; a double tap zooms in and out', async ({
    page,
  }) => {
    await openFirst(page);
    const cdp = await page.context().newCDPSession(page);
    const c = await centre(page);
    await pinch(cdp, c);
    await expect.poll(() => scale(page)).toBeGreaterThan(2.5);
    await expectAxeClean(page);
    const before = await image(page).evaluate((i) => getComputedStyle(i).transform);
    await gesture(cdp, [c], [{ x: c.x - 150, y: c.y }]);
    await expect(image(page)).not.toHaveCSS('transform', before);
    await expect(counter(page)).toHaveText('Image 1 of 3');
    expect(await scale(page)).toBeGreaterThan(2.5);
    // A double tap while zoomed zooms out; another zooms in (2.5 x) at the tapped point.
    await doubleTap(cdp, c);
    await expect.poll(() => scale(page)).toBe(1);
    await doubleTap(cdp, c);
    await expect.poll(() => scale(page)).toBe(2.5);
  });

  test('under prefers-reduced-motion a swipe still steps, but nothing zooms', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openFirst(page);
    const cdp = await page.context().newCDPSession(page);
    const c = await centre(page);
    // The protocol answers once the page has handled the input, and the gestures act in its
    // handlers: a frame later, whatever they did is on the image.
    const frame = () => page.evaluate(() => new Promise(requestAnimationFrame));
    // The browser's own pinch-zoom and scrolling stay: ours do not zoom.
    await expect(box(page).locator('.sw-lb-content')).toHaveCSS('touch-action', 'pan-y pinch-zoom');
    // The step first: a pinch below may zoom the browser's view, which moves what is under a finger.
    await gesture(cdp, [c], [{ x: c.x - 150, y: c.y }]);
    await expect(counter(page)).toHaveText('Image 2 of 3');
    await ready(page);
    const d = await centre(page);
    await pinch(cdp, d);
    await frame();
    expect(await scale(page)).toBe(1);
    await doubleTap(cdp, d);
    await frame();
    expect(await scale(page)).toBe(1);
  });
});

test('the gestures’ code is fetched only on a device with touch', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (r) => /\/gestures-\w+\.js/.test(r.url()) && fetched.push(r.url()));
  await openWithRuntime(page, urlFor('/clinic/en/gallery/'));
  const first = page.locator('[data-sw-lightbox="rooms"]').first();
  await runtimeIdle(page); // the lightbox's code comes with the click (issue 14)
  await first.click();
  await expect(image(page)).toBeVisible();
  const touch = await page.evaluate(() => navigator.maxTouchPoints > 0);
  if (touch) await expect.poll(() => fetched.length).toBe(1);
  await runtimeIdle(page);
  expect(fetched).toHaveLength(touch ? 1 : 0);
});
