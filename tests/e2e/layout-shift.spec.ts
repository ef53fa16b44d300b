import type { Page } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KINDS, writeSite } from '../../bench/pages.mjs';
import { startBenchServer } from '../../bench/server.mjs';
import { chromiumArgs, findChromium } from './chromium';
import { expect, fixturePages, runtimeIdle, test, urlFor } from './fixtures';

/**
 * Issue 14, point 3: CLS 0 on every fixture page and every runtime page of the benchmark, at
 * the desktop (1280 px) and mobile (375 px) projects' widths, measured with the Layout
 * Instability API (the entries CLS sums: those without recent input), from the first paint
 * until the runtime is idle (timed modals opened) and the page's images have arrived.
 *
 * Each page is loaded twice: with every image held back until the runtime is idle and let
 * through after, and as it comes. Held, the runtime measures what it measures at load (a
 * carousel's tallest slide, rows' heights) with every image missing, and nothing may move
 * when they arrive. The fixtures' images have their dimensions, as a page that shifts nothing
 * by itself needs: one without them moves what follows it when it arrives, with or without
 * any script.
 *
 * Chromium only (Firefox has no Layout Instability API: tests/e2e/engines.ts). Playwright
 * hides headless Chromium's scrollbars; here they are shown, as on a desktop, so a scrollbar
 * coming or going (a modal's scroll lock) moves the page as it would for a visitor.
 */
test.use({
  launchOptions: {
    executablePath: findChromium(),
    args: chromiumArgs,
    ignoreDefaultArgs: ['--hide-scrollbars'],
  },
});

interface Shift {
  value: number;
  sources: string[];
}

async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const name = (n: Node | null) =>
      n instanceof Element
        ? `${n.localName}${n.id ? `#${n.id}` : ''}${n.className ? `.${n.className}` : ''}`
        : `${n?.nodeName}`;
    const rect = (r: DOMRectReadOnly) => [r.x, r.y, r.width, r.height].map(Math.round).join(',');
    const shifts: Shift[] = [];
    const take = (entries: PerformanceEntryList) => {
      for (const e of entries as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        if (e.hadRecentInput) continue;
        const sources = e.sources.map(
          (s) => `${name(s.node)} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`,
        );
        shifts.push({ value: e.value, sources });
      }
    };
    const observer = new PerformanceObserver((list) => take(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    // What was recorded, with what the observer holds but has not delivered yet.
    (window as unknown as { __shifts: () => Shift[] }).__shifts = () => {
      take(observer.takeRecords());
      return shifts.splice(0);
    };
  });
}

/** The shifts so far, after a frame (an entry is made when its frame is rendered). */
async function takeShifts(page: Page): Promise<Shift[]> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))));
  return page.evaluate(() => (window as unknown as { __shifts: () => Shift[] }).__shifts());
}

/** Every image the page asked for has arrived and is decoded (or failed). */
async function imagesArrived(page: Page, urls: string[]): Promise<void> {
  await page.waitForFunction(
    (asked) => [...document.images].filter((i) => asked.includes(i.currentSrc)).every((i) => i.complete),
    urls,
  );
}

/**
 * Loads `url` with its images held until `settle()`, then again as it comes (in this order:
 * routing turns the HTTP cache off, so no image of the first load is served from it); the
 * shifts of each.
 */
async function loadBothWays(page: Page, url: string, settle: () => Promise<void>) {
  await recordShifts(page);
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const asked: string[] = [];
  const images = /\.(png|jpe?g|gif|webp|avif|svg)(\?.*)?$/;
  await page.route(images, async (route) => {
    asked.push(route.request().url());
    await gate;
    await route.continue().catch(() => undefined); // the page may have gone meanwhile
  });
  try {
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => PerformanceObserver.supportedEntryTypes.includes('layout-shift'))).toBe(
      true,
    );
    await settle();
    const beforeImages = await takeShifts(page);
    release();
    await page.waitForFunction(() => document.readyState === 'complete');
    await imagesArrived(page, asked);
    await settle();
    const afterImages = await takeShifts(page);
    await page.unroute(images);
    await page.goto(url);
    await settle();
    return { beforeImages, afterImages, asItComes: await takeShifts(page) };
  } finally {
    release();
  }
}

async function expectNoShift(page: Page, url: string) {
  const shifts = await loadBothWays(page, url, () => runtimeIdle(page));
  expect(shifts.asItComes, 'the page as it comes').toEqual([]);
  expect(shifts.beforeImages, 'images held: until they arrive').toEqual([]);
  expect(shifts.afterImages, 'images held: once they have').toEqual([]);
}

for (const fixture of fixturePages) {
  test(`${fixture.path}: no layout shift, as it comes and with its images late`, async ({ page }) => {
    await expectNoShift(page, urlFor(fixture.path));
  });
}

test.describe("the benchmark's pages", () => {
  let site: { url: string; close: () => Promise<void> } | undefined;
  test.beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sw-layout-shift-'));
    writeSite(dir, join(process.cwd(), 'fixtures/site/assets/img'));
    site = await startBenchServer(dir, join(process.cwd(), 'dist'));
  });
  test.afterAll(() => site?.close());

  // Every page of bench/pages.mjs that loads the runtime: the page kinds, the page both
  // stacks build, and the 1,000 boxes.
  for (const path of [...Object.keys(KINDS).map((k) => `kind/${k}`), 'shared/runtime', 'rows/runtime']) {
    test(`${path}: no layout shift, as it comes and with its images late`, async ({ page }) => {
      await expectNoShift(page, `${site!.url}/${path}`);
    });
  }
});
