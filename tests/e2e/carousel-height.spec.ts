import type { Page } from '@playwright/test';
import { expect, openWithRuntime, runtimeIdle, test, urlFor } from './fixtures';

// Issue 14, point 3: a carousel whose slides differ in height keeps the tallest one's height on
// every slide, so rotating never moves what follows it; again after the window narrows.
const HOME = '/clinic/en/';
const carousel = (page: Page) => page.locator('[data-sw-carousel]');

/**
 * The home page with its second slide made much taller, as a builder's longer news would; with
 * `boxFirst`, the first slide's content is a bordered box: no margin of its own collapses through
 * the slide, where the others' headings' top margins do.
 */
async function unequalSlides(page: Page, boxFirst = false) {
  await page.route(`**${HOME}`, async (route) => {
    const response = await route.fetch();
    let body = (await response.text()).replace(
      '<p>Walk-in flu vaccination every morning in October.</p>',
      `<p>Walk-in flu vaccination every morning in October.</p>${'<p>Bring your health card.</p>'.repeat(6)}`,
    );
    if (boxFirst)
      body = body.replace(
        '<h2>New evening hours</h2><p>We are now open until 8 pm on Thursdays.</p>',
        '<div class="box"><p>New evening hours: until 8 pm on Thursdays.</p></div>',
      );
    await route.fulfill({ response, body });
  });
}

/** The carousel's height and where the element after it starts (from the carousel's top). */
const layout = (page: Page) =>
  carousel(page).evaluate((c) => {
    const shown = [...c.querySelectorAll<HTMLElement>('[data-sw-slide]')].findIndex((s) => !s.hidden);
    const box = c.getBoundingClientRect();
    const after = c.nextElementSibling!.getBoundingClientRect().top - box.top;
    return { shown, height: Math.round(box.height), after: Math.round(after) };
  });

/**
 * Resizes the window and waits until the runtime has re-measured, if the carousel's width
 * changed: a resize observer made after the runtime's (which reads the slides again) answers
 * after it in the same rendering step, so once ours has seen the new width, so has the
 * runtime's. Seen from Node: the page's clock is paused, and with it its timers and frames.
 */
/** The carousel widths our own resize observer has seen (set up in the test). */
const seenWidths = (page: Page) =>
  page.evaluate(() => (window as unknown as { seenWidths: number[] }).seenWidths);

async function resize(page: Page, width: number) {
  const before = await carousel(page).evaluate((c) => c.getBoundingClientRect().width);
  await page.setViewportSize({ width, height: 800 });
  const now = await carousel(page).evaluate((c) => c.getBoundingClientRect().width);
  if (now === before) return; // nothing to measure again
  await expect.poll(async () => (await seenWidths(page)).at(-1)).toBe(now);
}

for (const [what, boxFirst] of [
  ['', false],
  [', one starting with a box and the others with a heading’s margin', true],
] as const)
  test(`slides of different heights${what}: each keeps the tallest one’s, so rotating moves nothing below`, async ({
    page,
  }) => {
    await unequalSlides(page, boxFirst);
    await page.clock.install({ time: new Date('2026-11-22T08:00:00Z') });
    await page.clock.pauseAt(new Date('2026-11-22T08:00:01Z'));
    await openWithRuntime(page, urlFor(HOME));
    await expect(carousel(page)).toHaveAttribute('data-sw-ready', '');
    // Made after the runtime's own observer (it connected above), so it answers after it.
    await carousel(page).evaluate((c) => {
      const seen: number[] = ((window as unknown as { seenWidths: number[] }).seenWidths = []);
      new ResizeObserver((entries) => seen.push(entries[0]!.target.getBoundingClientRect().width)).observe(c);
    });
    await expect.poll(async () => (await seenWidths(page)).length).toBeGreaterThan(0);
    await page.mouse.move(1, 1);
    for (const width of [1280, 375]) {
      await resize(page, width);
      const first = await layout(page);
      const seen = [first];
      for (let i = 0; i < 3; i++) {
        await page.clock.runFor(5000);
        seen.push(await layout(page));
      }
      expect(new Set(seen.map((s) => s.shown)).size, `every slide shown at ${width} px`).toBe(3);
      for (const s of seen)
        expect({ height: s.height, after: s.after }, `slide ${s.shown} at ${width} px`).toEqual({
          height: first.height,
          after: first.after,
        });
    }
  });

test('destroy() takes the heights back and leaves no empty style attribute on a slide', async ({ page }) => {
  await unequalSlides(page);
  await openWithRuntime(page, urlFor(HOME));
  await runtimeIdle(page);
  const styles = () =>
    carousel(page).evaluate((c) =>
      [...c.querySelectorAll('[data-sw-slide]')].map((s) => s.getAttribute('style')),
    );
  // The runtime gave the shorter slides a min-height (read from the style object: reading the
  // attribute here would make Chromium write it out, which hid the bug below).
  const minHeights = () =>
    carousel(page).evaluate((c) =>
      [...c.querySelectorAll<HTMLElement>('[data-sw-slide]')].map((s) => s.style.minHeight),
    );
  expect((await minHeights()).some((h) => h !== '')).toBe(true);
  await page.evaluate(() => window.SiteRuntime!.destroy());
  // Chromium writes a CSSOM change back to the attribute lazily: a removal before that write
  // came back as style="" (runtime/dom.ts, dropEmptyStyle).
  expect(await minHeights()).toEqual(['', '', '']);
  expect(await styles()).toEqual([null, null, null]);
});
