import type { Browser, CDPSession, Page } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageUrl } from '../../server/pages.mjs';
import { startServer, type RunningServer } from '../../server/server.mjs';
import { expect, fixturePages, idleFeaturesConnected, PROJECT_PATH, runtimeIdle, test, urlFor } from './fixtures';

// Issue 19: the page served with the manifest's content-hashed entry, and what a returning
// visitor fetches again. A server of this file's own writes the hashed entry into each page.
let hashed: RunningServer;
test.beforeAll(async () => {
  const consentLog = join(mkdtempSync(join(tmpdir(), 'sw-serving-')), 'consent.jsonl');
  hashed = await startServer({ port: 0, consentLog, entry: 'hashed' });
});
test.afterAll(() => hashed.close());

const hashedUrl = (path: string) => pageUrl(fixturePages.find((p) => p.path === path)!, 'live', hashed.port, PROJECT_PATH);

/** What the runtime made of the page once every feature connected: each marker's ready elements. */
async function enhanced(page: Page) {
  await page.waitForSelector('html[data-sw-env]', { state: 'attached' });
  await idleFeaturesConnected(page);
  return page.evaluate(() => {
    const ready = [...document.querySelectorAll('[data-sw-ready]')].map((el) =>
      [...el.attributes].map((a) => a.name).filter((n) => n.startsWith('data-sw-') && n !== 'data-sw-ready').sort().join(' '),
    );
    const script = document.querySelector<HTMLScriptElement>('script[type="module"][src*="/swfiles/runtime/"]')!.src;
    return { env: document.documentElement.dataset.swEnv, ready: ready.sort(), script: new URL(script).pathname };
  });
}

test.describe('the hashed entry', () => {
  for (const path of ['/clinic/en/', '/clinic/en/gallery/']) {
    test(`${path} works with the manifest's hashed entry exactly as with runtime.js`, async ({ page }) => {
      await page.goto(urlFor(path));
      const fixed = await enhanced(page);
      await page.goto(hashedUrl(path));
      const withHash = await enhanced(page);
      expect(fixed.script).toBe('/swfiles/runtime/runtime.js');
      expect(withHash.script).toMatch(/^\/swfiles\/runtime\/runtime-[A-Z0-9]{8}\.js$/);
      expect(withHash.ready.length).toBeGreaterThan(0);
      expect({ ...withHash, script: '' }).toEqual({ ...fixed, script: '' });
    });
  }

  test('the lightbox opens on a page loaded through the hashed entry', async ({ page }) => {
    await page.goto(hashedUrl('/clinic/en/gallery/'));
    await enhanced(page);
    await page.locator('[data-sw-lightbox]').first().click();
    await expect(page.locator('dialog[open]')).toBeVisible();
  });
});

interface Fetched {
  url: string;
  status: number;
  fromCache: boolean;
  bytes: number;
}

/** The scripts of one navigation as Chromium's network layer saw them (CDP Network events). */
async function scriptsOf(cdp: CDPSession, navigate: () => Promise<void>): Promise<Fetched[]> {
  const byId = new Map<string, Fetched>();
  const cached = new Set<string>();
  const handlers = {
    'Network.requestWillBeSent': (e: { requestId: string; type?: string; request: { url: string } }) => {
      if (e.type === 'Script') byId.set(e.requestId, { url: e.request.url, status: 0, fromCache: false, bytes: 0 });
    },
    // The memory cache says so here (before or without a response event), the disk cache in the response.
    'Network.requestServedFromCache': (e: { requestId: string }) => void cached.add(e.requestId),
    'Network.responseReceived': (e: { requestId: string; response: { status: number; fromDiskCache?: boolean } }) => {
      const f = byId.get(e.requestId);
      if (!f) return;
      f.status = e.response.status;
      if (e.response.fromDiskCache) cached.add(e.requestId);
    },
    'Network.loadingFinished': (e: { requestId: string; encodedDataLength: number }) => {
      const f = byId.get(e.requestId);
      if (f) f.bytes = e.encodedDataLength;
    },
  };
  const on = cdp.on.bind(cdp) as unknown as (event: string, handler: (e: never) => void) => void;
  const off = cdp.off.bind(cdp) as unknown as (event: string, handler: (e: never) => void) => void;
  for (const [event, handler] of Object.entries(handlers)) on(event, handler);
  await navigate();
  for (const [event, handler] of Object.entries(handlers)) off(event, handler);
  return [...byId]
    .map(([id, f]) => ({ ...f, fromCache: cached.has(id), bytes: cached.has(id) ? 0 : f.bytes }))
    .filter((f) => new URL(f.url).pathname.startsWith('/swfiles/runtime/'));
}

/** Home, another page, then home again (a new navigation, not a reload), in one browser profile. */
async function returningVisit(browser: Browser, url: (path: string) => string) {
  // A context of its own: the suite's page routes the analytics hosts, and routing turns
  // Chromium's HTTP cache off.
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // Until the runtime is idle: the analytics chunk (a `:root` feature with no ready marker) is
  // fetched on idle, and one CI run's second visit ended before it was asked for.
  const visit = (path: string) => scriptsOf(cdp, async () => {
    await page.goto(url(path));
    await enhanced(page);
    await runtimeIdle(page);
  });
  const first = await visit('/clinic/en/');
  await visit('/clinic/en/services/');
  const again = await visit('/clinic/en/');
  await context.close();
  return { first, again };
}

const network = (list: Fetched[]) => list.filter((f) => !f.fromCache);
const path = (f: Fetched) => new URL(f.url).pathname;
/**
 * The files a visit loaded, each once. Since the runtime hints a part's files beside its
 * import, one CI run saw a visit make 21 requests where the other made 20 (not reproduced in
 * 60 runs here; a file asked for by both, answered from the cache, fits). The visits must load
 * the same files; what comes over the network is still checked request by request.
 */
const files = (list: Fetched[]) => [...new Set(list.map(path))].sort();

test.describe('a returning visitor', () => {
  test('with the hashed entry fetches no script over the network', async ({ browser }) => {
    const { first, again } = await returningVisit(browser, hashedUrl);
    expect(network(first).length, 'the first visit fetches the scripts').toBeGreaterThan(1);
    expect(files(again), 'the second visit loads the same scripts').toEqual(files(first));
    expect(network(again)).toEqual([]);
    test.info().annotations.push({
      type: 'returning visitor (hashed entry)',
      description: `first visit ${first.length} scripts, ${network(first).reduce((a, f) => a + f.bytes, 0)} B; again ${network(again).reduce((a, f) => a + f.bytes, 0)} B`,
    });
  });

  test('with the fixed runtime.js revalidates only the entry: one 304', async ({ browser }) => {
    const { first, again } = await returningVisit(browser, urlFor);
    expect(network(first).length).toBeGreaterThan(1);
    expect(files(again)).toEqual(files(first));
    expect(network(again).map((f) => [path(f), f.status])).toEqual([['/swfiles/runtime/runtime.js', 304]]);
    const bytes = network(again)[0]!.bytes;
    test.info().annotations.push({
      type: 'returning visitor (fixed entry)',
      description: `first visit ${first.length} scripts, ${network(first).reduce((a, f) => a + f.bytes, 0)} B; again one 304 of ${bytes} B`,
    });
  });
});
