import { expect, openWithRuntime, test, urlFor } from './fixtures';

// Runs in the 'performance' project, alone, after every other browser test (so the other
// worker's Chromium does not share the two cores while the pass is timed).
test.describe('equal-height rows under load', () => {
  test('1,000 boxes: a resize pass stays within one frame, and a resize that changes nothing writes nothing', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openWithRuntime(page, urlFor('/clinic/en/stress/'));
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName('sw:rows').length)).toBeGreaterThan(0);
    await page.waitForTimeout(300);
    const passes = () => page.evaluate(() => performance.getEntriesByName('sw:rows') as PerformanceMeasure[]).then((e) => e.length);
    const before = await passes();
    await page.setViewportSize({ width: 1100, height: 800 });
    await expect.poll(passes).toBeGreaterThan(before);
    await page.waitForTimeout(300);
    const last = await page.evaluate(() => {
      const all = performance.getEntriesByName('sw:rows') as PerformanceMeasure[];
      const m = all[all.length - 1]!;
      return { duration: m.duration, boxes: (m.detail as { boxes: number }).boxes };
    });
    console.log(`rows pass over ${last.boxes} boxes: ${last.duration.toFixed(1)} ms`);
    expect(last.boxes).toBeGreaterThanOrEqual(1000);
    expect(last.duration).toBeLessThan(1000 / 60);

    // Height-only resize: no box changes size, so no pass and no style write.
    const settled = await passes();
    await page.evaluate(() => {
      (window as unknown as { styleWrites: number }).styleWrites = 0;
      new MutationObserver((records) => ((window as unknown as { styleWrites: number }).styleWrites += records.length)).observe(
        document.getElementById('stress-row')!,
        { attributes: true, attributeFilter: ['style'], subtree: true },
      );
    });
    await page.setViewportSize({ width: 1100, height: 600 });
    await page.waitForTimeout(300);
    expect(await passes()).toBe(settled);
    expect(await page.evaluate(() => (window as unknown as { styleWrites: number }).styleWrites)).toBe(0);
  });

});
