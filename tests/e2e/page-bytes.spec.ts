import type { Page } from '@playwright/test';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { KINDS, writeSite } from '../../bench/pages.mjs';
import { startBenchServer } from '../../bench/server.mjs';
import { expect, test } from './fixtures';

// Issue 14, point 4: the script bytes a browser actually fetches on each kind of page (the
// benchmark's pages), at load and with the first interactions, counted from the responses
// (gzip level 9 of each body, as the build counts), are the build's figures and within the
// per-kind budgets of package.json, in bytes and in files. Bytes do not depend on the
// machine: no timing here. @wide: at the phone width the touch-only parts (swipe, gestures)
// come too.

interface KindSize {
  kind: string;
  load: { gzip: number; files: number };
  total: { gzip: number; files: number };
}
const root = process.cwd();
const sizes = JSON.parse(readFileSync(join(root, 'dist/sizes.json'), 'utf8')) as { pageKinds: KindSize[] };
const { pageKinds: budgets, pageKindFiles: fileBudgets } = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    sizeBudgets: {
      pageKinds: Record<string, [number, number]>;
      pageKindFiles: Record<string, [number, number]>;
    };
  }
).sizeBudgets;

let site: { url: string; close: () => Promise<void> };
test.beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sw-page-bytes-'));
  writeSite(dir, join(root, 'fixtures/site/assets/img'));
  site = await startBenchServer(dir, join(root, 'dist'));
});
test.afterAll(() => site.close());

/** Gzip sizes of the runtime's scripts this page fetches from now on. */
function scriptBytes(page: Page) {
  const sizes: Promise<number>[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/swfiles/runtime/') && r.url().endsWith('.js'))
      sizes.push(r.body().then((b) => gzipSync(b, { level: 9 }).length));
  });
  return async () => {
    const all = await Promise.all(sizes);
    return { gzip: all.reduce((a, b) => a + b, 0), files: all.length };
  };
}

const idle = (page: Page) => page.evaluate(() => window.SiteRuntime!.idle());

/** A visitor reaching for each thing that fetches on a contact: a lightbox item, a tile. */
async function firstInteractions(page: Page) {
  for (const selector of ['#lb-0', '#open-tile-a'])
    if (await page.locator(selector).count()) await page.locator(selector).hover();
  await idle(page);
}

test.describe('bytes fetched per page kind @wide', () => {
  for (const kind of Object.keys(KINDS)) {
    test(`${kind}: at load and with its first interactions, as the build counts and within budget`, async ({
      page,
    }) => {
      const expected = sizes.pageKinds.find((k) => k.kind === kind)!;
      const [loadBudget, totalBudget] = budgets[kind]!;
      const [loadFiles, totalFiles] = fileBudgets[kind]!;
      const fetched = scriptBytes(page);
      await page.goto(`${site.url}/kind/${kind}/`);
      await page.waitForFunction(() => 'SiteRuntime' in window);
      await idle(page);
      expect(await fetched(), 'at load').toEqual(expected.load);
      expect(expected.load.gzip).toBeLessThanOrEqual(loadBudget);
      expect(expected.load.files).toBeLessThanOrEqual(loadFiles);
      await firstInteractions(page);
      expect(await fetched(), 'with its first interactions').toEqual(expected.total);
      expect(expected.total.gzip).toBeLessThanOrEqual(totalBudget);
      expect(expected.total.files).toBeLessThanOrEqual(totalFiles);
    });
  }
});
