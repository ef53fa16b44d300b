import type { Page, Route } from '@playwright/test';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageUrl } from '../../server/pages.mjs';
import { startServer, type RunningServer } from '../../server/server.mjs';
import {
  chunkFile,
  expect,
  fixturePages,
  openWithRuntime,
  PROJECT_PATH,
  runtimeIdle,
  test,
  urlFor,
} from './fixtures';

// Issue 14: modulepreload hints for what a page will certainly need. A file's imports are
// asked for beside it, not once it has arrived: each test holds a file back and sees its
// imports requested meanwhile, which without the hints happens only after it arrives.

interface ManifestRecord {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
const manifest = (): Record<string, ManifestRecord> =>
  JSON.parse(readFileSync(join(process.cwd(), 'dist', 'manifest.json'), 'utf8'));

/** The files `key` imports, directly or not. */
function importsOf(records: Record<string, ManifestRecord>, key: string, seen = new Set<string>()): string[] {
  for (const next of records[key]!.imports ?? [])
    if (!seen.has(next)) importsOf(records, next, seen.add(next));
  return [...seen].map((k) => records[k]!.file);
}

/** Holds every response for `pattern` until the returned function is called. */
async function hold(page: Page, pattern: RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

const requested = (page: Page) => {
  const names: string[] = [];
  page.on('request', (r) => names.push(new URL(r.url()).pathname.split('/').pop()!));
  return names;
};

test.describe('modulepreload hints', () => {
  test("a lazily loaded part's files are asked for beside it, not after it", async ({ page }) => {
    const records = manifest();
    const lightbox = Object.keys(records).find((k) => records[k]!.file.startsWith('lightbox-'))!;
    const entry = Object.keys(records).find((k) => records[k]!.isEntry)!;
    const seen = requested(page);
    const release = await hold(page, chunkFile('lightbox'));
    await openWithRuntime(page, urlFor('/clinic/en/gallery/'));
    await runtimeIdle(page);
    // What the page has not fetched yet (its idle parts may share some of the lightbox's files).
    const atStart = new Set(importsOf(records, entry));
    const pending = importsOf(records, lightbox).filter((f) => !atStart.has(f) && !seen.includes(f));
    expect(pending.length, 'files the lightbox needs that nothing has fetched yet').toBeGreaterThan(1);

    await page.locator('[data-sw-lightbox]').first().hover(); // its strategy: the first contact
    await expect.poll(() => seen.filter((f) => f.startsWith('lightbox-'))).toHaveLength(1);
    // Its own file is still held back, so only the hints can have asked for these.
    await expect.poll(() => pending.filter((f) => !seen.includes(f))).toEqual([]);
    const hints = await page.evaluate(() => {
      const own = document.querySelector<HTMLScriptElement>(
        'script[type="module"][src*="/swfiles/runtime/"]',
      )!;
      return [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => ({
        file: l.href.split('/').pop(),
        nonce: l.nonce === own.nonce && l.nonce !== '',
      }));
    });
    const hinted = hints
      .filter((h) => pending.includes(h.file!))
      .sort((a, b) => a.file!.localeCompare(b.file!));
    expect(hinted).toEqual(pending.sort().map((file) => ({ file, nonce: true })));

    release();
    await page.locator('[data-sw-lightbox]').first().click();
    await expect(page.locator('dialog[open]')).toBeVisible();
    for (const file of pending)
      expect(
        seen.filter((f) => f === file),
        file,
      ).toHaveLength(1);
  });

  test.describe('in a page written from the manifest', () => {
    let hashed: RunningServer;
    test.beforeAll(async () => {
      const consentLog = join(mkdtempSync(join(tmpdir(), 'sw-preload-')), 'consent.jsonl');
      hashed = await startServer({ port: 0, consentLog, entry: 'hashed' });
    });
    test.afterAll(() => hashed.close());

    test("the entry's imports are fetched beside the render-blocking entry, once", async ({ page }) => {
      const records = manifest();
      const entry = Object.values(records).find((r) => r.isEntry)!;
      const imports = importsOf(
        records,
        Object.keys(records).find((k) => records[k]!.isEntry)!,
      );
      expect(imports.length).toBeGreaterThan(0);
      const seen = requested(page);
      const release = await hold(page, new RegExp(`/${entry.file.replace('.', '\\.')}$`));
      const home = fixturePages.find((p) => p.path === '/clinic/en/')!;
      const loading = page.goto(pageUrl(home, 'live', hashed.port, PROJECT_PATH));
      await expect.poll(() => seen.includes(entry.file)).toBe(true);
      await expect.poll(() => imports.filter((f) => !seen.includes(f))).toEqual([]);
      release();
      await loading;
      await expect(page.locator('html')).toHaveAttribute('data-sw-env', 'live');
      for (const file of imports)
        expect(
          seen.filter((f) => f === file),
          file,
        ).toHaveLength(1);
    });
  });
});
