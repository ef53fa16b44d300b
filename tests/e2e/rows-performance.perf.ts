import type { Page } from '@playwright/test';
import { expect, openWithRuntime, test, urlFor } from './fixtures';

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
  await page.waitForTimeout(300);
}

test.describe('equal-height rows under load (1,002 boxes)', () => {
  test.describe.configure({ mode: 'serial' });

  test('a resize that changes no box size runs no pass and writes no style', async ({ page }) => {
    await settledStressPage(page);
    const settled = await passes(page);
    await countStyleWrites(page);
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.waitForTimeout(300);
    expect(await passes(page)).toBe(settled);
    expect(await styleWrites(page)).toBe(0);
  });

  // The stress page's boxes fill the window's width, so every width below re-wraps their
  // text: narrowing makes the boxes taller, widening shorter, and each resize rewrites
  // hundreds of min-heights. Every pass a resize causes (the first, and any that follows
  // because a held-up box turned out taller) must fit in one frame (16.7 ms).
  //
  // The machine is shared (two cores, the browser's other threads, the test server), so a
  // single timing can land on a pause that is not the runtime's: garbage from earlier work is
  // collected before each resize (Chromium started with --expose-gc), and a width whose pass
  // is over a frame is measured once more (the same transition: back to the width before, then
  // this one). It fails when the re-measure is
  // over a frame too; both timings are printed.
  test('every resize pass over 1,000 boxes stays within one frame, narrowing and widening', async ({
    page,
  }) => {
    await settledStressPage(page);
    const frame = 1000 / 60;
    await countStyleWrites(page);
    const measure = async (width: number) => {
      const before = await passes(page);
      await page.evaluate(() => {
        (window as unknown as { styleWrites: number }).styleWrites = 0;
        (window as unknown as { gc?: () => void }).gc?.();
      });
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(() => passes(page)).toBeGreaterThan(before);
      await page.waitForTimeout(300);
      const run = await page.evaluate((skip) => {
        const all = performance.getEntriesByName('sw:rows') as PerformanceMeasure[];
        return {
          durations: all.slice(skip).map((m) => m.duration),
          boxes: all.slice(skip).map((m) => (m.detail as { boxes: number }).boxes),
          writes: (window as unknown as { styleWrites: number }).styleWrites,
        };
      }, before);
      expect(Math.min(...run.boxes)).toBeGreaterThanOrEqual(1000);
      return { width, durations: run.durations, writes: run.writes };
    };
    expect(await page.evaluate(() => typeof (window as unknown as { gc?: unknown }).gc)).toBe('function');
    const runs: { width: number; durations: number[]; writes: number; first?: number[] }[] = [];
    let previous = 1280; // the settled page's width
    for (const width of [1600, 1000, 1400, 900, 1700, 1100, 1500, 1280]) {
      let run: (typeof runs)[number] = await measure(width);
      if (run.durations.some((d) => d >= frame)) {
        // The same transition again: back to the width before, then this one.
        const first = run.durations;
        await measure(previous);
        run = { ...(await measure(width)), first };
      }
      runs.push(run);
      previous = width;
    }
    const ms = (ds: number[]) => ds.map((d) => d.toFixed(1)).join('+');
    console.log(
      'rows passes over 1,002 boxes: ' +
        runs
          .map(
            (r) =>
              `${r.width}px ${ms(r.durations)} ms${r.first ? ` (re-measured; first ${ms(r.first)} ms)` : ''} (${r.writes} writes)`,
          )
          .join(', '),
    );
    for (const r of runs) {
      // The resize really re-did the row: most boxes' min-heights changed.
      expect(r.writes, `style writes at ${r.width}px`).toBeGreaterThan(500);
      for (const d of r.durations) expect(d, `a pass at ${r.width}px`).toBeLessThan(frame);
    }
  });
});
