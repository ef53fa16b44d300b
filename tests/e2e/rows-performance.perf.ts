import type { Page } from '@playwright/test';
import { expect, openWithRuntime, test, urlFor } from './fixtures';

// Runs in the 'performance' project, alone, after every other browser test (so the other
// worker's Chromium does not share the two cores while the pass is timed).

const passes = (page: Page) => page.evaluate(() => performance.getEntriesByName('sw:rows').length);

async function settledStressPage(page: Page) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openWithRuntime(page, urlFor('/clinic/en/stress/'));
  await expect.poll(() => passes(page)).toBeGreaterThan(0);
  await page.waitForTimeout(300);
}

test.describe('equal-height rows under load (1,002 boxes)', () => {
  test.describe.configure({ mode: 'serial' });

  test('a resize that changes no box size runs no pass and writes no style', async ({ page }) => {
    await settledStressPage(page);
    const settled = await passes(page);
    await page.evaluate(() => {
      const w = window as unknown as { styleWrites: number };
      w.styleWrites = 0;
      new MutationObserver((records) => (w.styleWrites += records.length)).observe(document.getElementById('stress-row')!, {
        attributes: true,
        attributeFilter: ['style'],
        subtree: true,
      });
    });
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.waitForTimeout(300);
    expect(await passes(page)).toBe(settled);
    expect(await page.evaluate(() => (window as unknown as { styleWrites: number }).styleWrites)).toBe(0);
  });

  // Issue 3 asks for one frame (16.7 ms). On the 2-core CI machine a pass measures about
  // 25 ms (README, "Measured"): that target is NOT met yet, and issue 3 stays open for it.
  // This is only a regression guard (median of three passes under three frames) that
  // catches a pass gone quadratic while the optimisation is pending.
  test('regression guard: median width-resize pass under three frames (one-frame target not yet met)', async ({ page }) => {
    await settledStressPage(page);
    const durations: number[] = [];
    for (const width of [1100, 1280, 1000]) {
      const before = await passes(page);
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(() => passes(page)).toBeGreaterThan(before);
      await page.waitForTimeout(300);
      const last = await page.evaluate(() => {
        const all = performance.getEntriesByName('sw:rows') as PerformanceMeasure[];
        const m = all[all.length - 1]!;
        return { duration: m.duration, boxes: (m.detail as { boxes: number }).boxes };
      });
      expect(last.boxes).toBeGreaterThanOrEqual(1000);
      durations.push(last.duration);
    }
    const median = [...durations].sort((a, b) => a - b)[1]!;
    console.log(`rows pass over 1,002 boxes: ${durations.map((d) => d.toFixed(1)).join(', ')} ms (median ${median.toFixed(1)})`);
    expect(median).toBeLessThan(3000 / 60);
  });
});
