import type { Page } from '@playwright/test';
import { expect, openWithRuntime, runtimeIdle, test, urlFor } from './fixtures';

// Runs in the 'performance' project, alone, after every other browser test (so the other
// worker's Chromium does not share the two cores while the pass is timed).

const passes = (page: Page) => page.evaluate(() => performance.getEntriesByName('sw:rows').length);

/** Counts style attribute writes in the stress row from now on; read with styleWrites(). */
const countStyleWrites = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { styleWrites: number };
    w.styleWrites = 0;
    new MutationObserver((records) => (w.styleWrites += records.length)).observe(
      document.getElementById('stress-row')!,
      {
        attributes: true,
        attributeFilter: ['style'],
        subtree: true,
      },
    );
  });
const styleWrites = (page: Page) =>
  page.evaluate(() => (window as unknown as { styleWrites: number }).styleWrites);

async function settledStressPage(page: Page) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openWithRuntime(page, urlFor('/clinic/en/stress/'));
  await expect.poll(() => passes(page)).toBeGreaterThan(0);
  await runtimeIdle(page);
}

test.describe('equal-height rows under load (1,002 boxes)', () => {
  test.describe.configure({ mode: 'serial' });

  test('a resize that changes no box size runs no pass and writes no style', async ({ page }) => {
    await settledStressPage(page);
    const settled = await passes(page);
    await countStyleWrites(page);
    await page.setViewportSize({ width: 1280, height: 600 });
    await runtimeIdle(page);
    expect(await passes(page)).toBe(settled);
    expect(await styleWrites(page)).toBe(0);
  });

  // The stress page's boxes fill the window's width, so every width below re-wraps their
  // text: narrowing makes the boxes taller, widening shorter, and each resize rewrites
  // hundreds of min-heights. How long a pass takes is measured by `npm run bench` (equal
  // heights per resize, beside jquery-match-height), not asserted here.
  test('every resize re-does the 1,000 boxes, narrowing and widening, and leaves each line even', async ({
    page,
  }) => {
    await settledStressPage(page);
    await countStyleWrites(page);
    for (const width of [1600, 1000, 1400, 900, 1700, 1100, 1500, 1280]) {
      const before = await passes(page);
      await page.evaluate(() => ((window as unknown as { styleWrites: number }).styleWrites = 0));
      await page.setViewportSize({ width, height: 800 });
      await runtimeIdle(page);
      const run = await page.evaluate((skip) => {
        const all = performance.getEntriesByName('sw:rows').slice(skip) as PerformanceMeasure[];
        // Boxes on one line (the same top) must end the same height.
        const lines = new Map<number, number[]>();
        for (const box of document.querySelectorAll<HTMLElement>('#stress-row > *')) {
          const { top, height } = box.getBoundingClientRect();
          const key = Math.round(top + scrollY);
          lines.set(key, [...(lines.get(key) ?? []), height]);
        }
        return {
          boxes: all.map((m) => (m.detail as { boxes: number }).boxes),
          writes: (window as unknown as { styleWrites: number }).styleWrites,
          uneven: [...lines.values()].filter((hs) => Math.max(...hs) - Math.min(...hs) > 1).length,
          lines: lines.size,
        };
      }, before);
      expect(run.boxes.length, `passes at ${width}px`).toBeGreaterThan(0);
      expect(Math.min(...run.boxes), `boxes per pass at ${width}px`).toBeGreaterThanOrEqual(1000);
      // The resize really re-did the row: most boxes' min-heights changed.
      expect(run.writes, `style writes at ${width}px`).toBeGreaterThan(500);
      expect(run.lines, `lines at ${width}px`).toBeGreaterThan(1);
      expect(run.uneven, `uneven lines at ${width}px`).toBe(0);
    }
  });
});
