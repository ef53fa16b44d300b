import type { APIRequestContext } from '@playwright/test';
import { expect, idleFeaturesConnected, openWithRuntime, test, urlFor } from './fixtures';

/** The entry and every file it imports statically (esbuild's shared parts): loaded as one. */
async function entryFiles(request: APIRequestContext, entry: string): Promise<Set<string>> {
  const files = new Set<string>();
  const visit = async (url: string): Promise<void> => {
    if (files.has(url)) return;
    files.add(url);
    const source = await (await request.get(url)).text();
    // `import{a}from"./chunk-X.js"` and `import"./chunk-X.js"`; a dynamic `import("./…")` has a parenthesis.
    const imports = [...source.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[\w.-]+\.js)["']/g)];
    await Promise.all(imports.map((m) => visit(new URL(m[1]!, url).href)));
  };
  await visit(entry);
  return files;
}

/**
 * The spec's loading rule ("nothing before first paint that first paint does not need"): every
 * file the runtime loads after its entry (feature chunks, their shared parts, the UI host with
 * preact/compat) starts after the page's first paint. Chromium runs idle callbacks before the
 * first frame is presented, so idle loading waits for a frame on screen first (defer.ts).
 */
test.describe('loading order', () => {
  for (const path of ['/clinic/en/', '/clinic/en/gallery/', '/clinic/en/team/']) {
    test(`${path}: no chunk is fetched before first paint`, async ({ page, request }) => {
      await openWithRuntime(page, urlFor(path));
      // The facts: every idle-loaded feature connected, and tile contents (the popup's chunk
      // is fetched on idle where tiles are) are ready to open.
      await idleFeaturesConnected(page);
      // The popup's code comes on a contact with the tiles (issue 14).
      if (path.endsWith('/team/')) await page.locator('a[data-sw-tile]').first().hover();
      if (path.endsWith('/team/'))
        await page.waitForFunction(() =>
          performance.getEntriesByType('resource').some((e) => /\/tile-popup-[\w-]+\.js$/.test(e.name)),
        );
      const timing = await page.evaluate(() => {
        const paints = performance.getEntriesByType('paint');
        // Firefox reports first-contentful-paint only; it is never earlier than first paint.
        const paint = paints.find((p) => p.name === 'first-paint') ?? paints.find((p) => p.name === 'first-contentful-paint');
        const entry = document.querySelector<HTMLScriptElement>('script[src*="/runtime.js"]')!.src;
        const dir = entry.slice(0, entry.lastIndexOf('/') + 1);
        const scripts = performance
          .getEntriesByType('resource')
          .filter((e) => e.name.startsWith(dir) && e.name.endsWith('.js'))
          .map((e) => ({ url: e.name, file: e.name.slice(dir.length), start: Math.round(e.startTime) }));
        return { paint: paint && Math.round(paint.startTime), entry, scripts };
      });
      const entry = await entryFiles(request, timing.entry);
      const chunks = timing.scripts.filter((s) => !entry.has(s.url)).map(({ file, start }) => ({ file, start }));
      expect(timing.paint, 'the page reports its first paint').toBeGreaterThan(0);
      expect(chunks.length, 'the page loads chunks at all').toBeGreaterThan(0);
      const early = chunks.filter((c) => c.start < timing.paint!);
      expect(early, `chunks started before first paint at ${timing.paint} ms`).toEqual([]);
    });
  }
});
