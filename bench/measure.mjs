// One measured run each: a fresh browser context (no cache, no storage), Chromium's CPU
// throttled through CDP, figures read from CDP's Performance metrics and the page's probe.
import { gzipSync } from 'node:zlib';
import { probe } from './probe.mjs';

/** After the page is ready, how long main-thread work is still counted. */
export const AFTER_READY_MS = 1000;

/** A fresh context and page with the probe, its CPU throttled by `rate`. */
export async function fresh(browser, rate, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  await page.addInitScript(probe);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await cdp.send('Performance.enable');
  return { context, page, cdp };
}

async function metrics(cdp) {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

/**
 * Resolves once the page has loaded and, where it has the runtime, the runtime is ready and
 * idle: every chunk its markers' strategies fetch at load has arrived. Markers whose code
 * comes on the first interaction (lightbox items, issue 14) still wait for it: their first
 * click fetches it and is replayed, so a measured interaction includes that fetch.
 *
 * One CDP evaluation of a short expression, the same for every variant. Playwright's own
 * `waitForFunction` and `evaluate` put its injected scripts into the page, and parsing them
 * took 80 to 100 ms of main thread at 4x (traced on the page with no markers): counted only on
 * the runtime's pages, since only they waited this way, it was charged to the runtime.
 */
export const READY_EXPRESSION = {
  runtime: 'window.__bench.whenReady.then(() => window.SiteRuntime.idle()).then(() => true)',
  other: 'window.__bench.whenLoaded.then(() => true)',
};
export async function ready(page, cdp, runtime) {
  await page.waitForLoadState('load');
  const expression = runtime ? READY_EXPRESSION.runtime : READY_EXPRESSION.other;
  let timer;
  const late = new Promise((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${page.url()} was not ready within ${READY_LIMIT_MS / 1000} s`)), READY_LIMIT_MS);
  });
  const answer = cdp.send('Runtime.evaluate', { expression, awaitPromise: true });
  const { exceptionDetails: e } = await Promise.race([answer, late]).finally(() => clearTimeout(timer));
  if (e) throw new Error(`${page.url()} never became ready: ${e.exception?.description ?? e.text}`);
}
/** As long as Playwright's own waits gave a page, so a page that never gets ready stops the run. */
const READY_LIMIT_MS = 30_000;

/**
 * The page's script runs that Long Animation Frames named (ms each): the longest, and how many
 * were long tasks of their own making (over 50 ms). On a runtime page every script of the
 * page's origin is the runtime's; on the plugin stack's, jQuery's, its plugins' and the page's
 * inline start.
 */
export function scriptRuns(durations) {
  // A browser without Long Animation Frames measured nothing: no figure, not a zero.
  if (!durations) return { scriptMaxMs: NaN, scriptsOver50: NaN };
  return { scriptMaxMs: Math.max(0, ...durations), scriptsOver50: durations.filter((d) => d > 50).length };
}

/** JS fetched, main-thread time to ready + 1 s, long tasks, long script runs and CLS of one load of `url`. */
export async function loadRun(browser, url, { rate, runtime }) {
  const { context, page, cdp } = await fresh(browser, rate);
  const scripts = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r.body().then((b) => gzipSync(b, { level: 9 }).length, () => 0));
  });
  const before = await metrics(cdp);
  await page.goto(url);
  await ready(page, cdp, runtime);
  await page.waitForTimeout(AFTER_READY_MS);
  const after = await metrics(cdp);
  const probed = await page.evaluate(() => {
    const { longTasks, scripts, cls } = window.__bench;
    return { longTasks, scripts, cls };
  });
  const sizes = await Promise.all(scripts);
  await context.close();
  return {
    // KB of 1000 bytes, as the build and its budgets count.
    jsKB: sizes.reduce((a, b) => a + b, 0) / 1000,
    scripts: sizes.length,
    mainMs: (after.TaskDuration - before.TaskDuration) * 1000,
    longTasks: probed.longTasks.length,
    blockingMs: probed.longTasks.reduce((a, d) => a + Math.max(0, d - 50), 0),
    ...scriptRuns(probed.scripts),
    cls: probed.cls,
  };
}

/**
 * Event to next paint of each step, in order, on one fresh page: every step is the visitor's
 * first use of that control. `undo` closes what a step opened.
 */
export async function interactionRun(browser, url, steps, { rate, runtime }) {
  const { context, page, cdp } = await fresh(browser, rate);
  await page.goto(url);
  await ready(page, cdp, runtime);
  const out = {};
  for (const step of steps) {
    if (step.before) await step.before(page);
    // Armed before the input is sent: a key press reaches the page without a round trip.
    await page.evaluate(([type, condition]) => window.__bench.arm(type, condition), [step.type, step.shows]);
    await step.act(page);
    out[step.name] = await page.evaluate(() => window.__bench.timing);
    if (step.undo) await step.undo(page);
  }
  await context.close();
  return out;
}

/**
 * JS heap and event listeners added by `cycles` open/close rounds of each dialog, after one
 * round that loads its code; garbage is collected before each reading. Reduced motion: the
 * rounds wait for no fade.
 */
export async function memoryRun(browser, url, dialogs, { rate, runtime, cycles, prepare }) {
  const { context, page, cdp } = await fresh(browser, rate, { reducedMotion: 'reduce' });
  await page.goto(url);
  await ready(page, cdp, runtime);
  if (prepare) await page.evaluate(prepare);
  const reading = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    const counters = await cdp.send('Memory.getDOMCounters');
    return { heap: heap.usedSize, listeners: counters.jsEventListeners, nodes: counters.nodes };
  };
  const out = {};
  for (const d of dialogs) {
    const round = async () => {
      await d.open(page);
      await page.waitForSelector(d.shown, { state: 'visible' });
      await page.keyboard.press('Escape');
      await page.waitForSelector(d.shown, { state: 'hidden' });
    };
    await round();
    const before = await reading();
    for (let i = 0; i < cycles; i++) await round();
    const after = await reading();
    out[d.name] = {
      heapKB: (after.heap - before.heap) / 1000,
      listeners: after.listeners - before.listeners,
      nodes: after.nodes - before.nodes,
    };
  }
  await context.close();
  return out;
}

/**
 * Equal heights over 1,000 boxes: layouts and main-thread ms per window resize, alternating
 * two widths that re-wrap every box. Each resize is given `settleMs` (the plugin throttles
 * its resize handler by 80 ms) before the counters are read.
 */
export async function resizeRun(browser, url, { rate, runtime, resizes, settleMs = 400 }) {
  const { context, page, cdp } = await fresh(browser, rate);
  await page.goto(url);
  await ready(page, cdp, runtime);
  await page.waitForTimeout(settleMs);
  const layouts = [];
  const ms = [];
  for (let i = 0; i < resizes; i++) {
    const before = await metrics(cdp);
    await page.setViewportSize({ width: i % 2 ? 1280 : 960, height: 800 });
    await page.waitForTimeout(settleMs);
    const after = await metrics(cdp);
    layouts.push(after.LayoutCount - before.LayoutCount);
    ms.push((after.TaskDuration - before.TaskDuration) * 1000);
  }
  await context.close();
  return { layouts, ms };
}
