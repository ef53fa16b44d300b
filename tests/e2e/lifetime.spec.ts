import type { CDPSession, Page } from '@playwright/test';
import { analyticsHosts, expect, openWithRuntime, serverPort, test, urlFor } from './fixtures';

// destroy() takes back everything a boot made (issue 11.13): listeners on the window and the
// document, timers, animation frames and idle callbacks, style sheets, the dataLayer's growth
// and the runtime objects themselves. Measured over many boot/destroy cycles of the home
// page (menu, rows, carousel, languages, modal, consent, analytics with consent given, so
// web-vitals runs too), each new boot importing the entry afresh.

const CYCLES = 300;

/** Counts pending timers, frames and idle callbacks (added, not yet run or cleared). */
function trackTimers() {
  const pending = new Set<string>();
  const w = window as unknown as Record<string, unknown> & { swPending: Set<string> };
  w.swPending = pending;
  const wrap = (set: string, clear: string, once: boolean) => {
    const add = w[set] as (fn: unknown, ...rest: unknown[]) => number;
    const remove = w[clear] as (id: number) => void;
    w[set] = function (fn: unknown, ...rest: unknown[]) {
      const id: number = add.call(
        window,
        typeof fn === 'function'
          ? (...args: unknown[]) => {
              if (once) pending.delete(`${set}:${id}`);
              return (fn as (...a: unknown[]) => unknown)(...args);
            }
          : fn,
        ...rest,
      );
      pending.add(`${set}:${id}`);
      return id;
    };
    w[clear] = (id: number) => {
      pending.delete(`${set}:${id}`);
      return remove.call(window, id);
    };
  };
  wrap('setTimeout', 'clearTimeout', true);
  wrap('setInterval', 'clearInterval', false);
  wrap('requestAnimationFrame', 'cancelAnimationFrame', true);
  wrap('requestIdleCallback', 'cancelIdleCallback', true);
}

async function listenerCounts(cdp: CDPSession) {
  const counts: Record<string, number> = {};
  for (const target of ['window', 'document', 'document.documentElement', 'document.body']) {
    const { result } = await cdp.send('Runtime.evaluate', { expression: target });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
    counts[target] = listeners.length;
  }
  return counts;
}

/** One boot of a fresh copy of the entry, until every part has connected, then destroy(). */
async function cycles(page: Page, from: number, to: number) {
  await page.evaluate(
    async ([from, to]) => {
      const idle = () => new Promise((r) => requestIdleCallback(r, { timeout: 500 }));
      const w = window as unknown as { SiteRuntime?: { destroy(): void }; swRefs: WeakRef<object>[] };
      for (let i = from; i < to; i++) {
        const consent = new Promise((r) => document.addEventListener('sw:consent', r, { once: true }));
        await import(`/swfiles/runtime/runtime.js?cycle=${i}`);
        w.swRefs.push(new WeakRef(w.SiteRuntime!));
        await consent;
        for (const marker of ['languages', 'modal', 'consent-modal', 'consent-banner', 'carousel']) {
          while (!document.querySelector(`[data-sw-${marker}][data-sw-ready]`)) await idle();
        }
        await idle();
        w.SiteRuntime!.destroy();
      }
    },
    [from, to],
  );
}

async function measure(page: Page, cdp: CDPSession) {
  await cdp.send('HeapProfiler.collectGarbage');
  const inPage = await page.evaluate(() => {
    const w = window as unknown as {
      swPending: Set<string>;
      swRefs: WeakRef<object>[];
      dataLayer?: unknown[];
    };
    return {
      pending: [...w.swPending].map((k) => k.split(':')[0]).sort(),
      dataLayer: w.dataLayer?.length ?? 0,
      sheets: document.adoptedStyleSheets.length,
      readyMarks: document.querySelectorAll('[data-sw-ready]').length,
      env: document.documentElement.hasAttribute('data-sw-env'),
      alive: w.swRefs.filter((r) => r.deref()).length,
    };
  });
  return { ...inPage, listeners: await listenerCounts(cdp) };
}

test.describe('runtime lifetime @wide', () => {
  test.use({ consentStored: false });

  test(`${CYCLES} boot/destroy cycles end with listeners, timers, dataLayer and runtimes at baseline`, async ({
    page,
    browserName,
  }) => {
    test.skip(browserName !== 'chromium', 'listener counts and garbage collection come from CDP');
    // 300 boots take about 0.3 s each on two cores, 0.4 s when the machine is busy: 120 s
    // was hit (run of 2026-11-27, both tries), so the bound is for a hang, not a pace.
    test.setTimeout(240_000);
    // A returning visitor who allowed statistics: analytics, the tag (a stub) and web-vitals run.
    const flags = {
      privacy_cookie: '1',
      privacy_cookie_1: '1',
      privacy_cookie_2: '1',
      privacy_cookie_3: '0',
    };
    await page.context().addCookies(
      Object.entries(flags).map(([name, value]) => ({
        name,
        value,
        url: `http://localhost:${serverPort()}/`,
      })),
    );
    await page.route(analyticsHosts, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    await page.addInitScript(trackTimers);
    await page.addInitScript(() => ((window as unknown as { swRefs: unknown[] }).swRefs = []));
    await openWithRuntime(page, urlFor('/clinic/en/'));
    const cdp = await page.context().newCDPSession(page);
    await page.evaluate(() =>
      (window as unknown as { SiteRuntime: { destroy(): void } }).SiteRuntime.destroy(),
    );

    // The baseline is the page once everything a boot brings is in place: web-vitals' own
    // observers are the page's, registered once (by whichever boot first gets that far), so
    // warm-up boots run until two in a row leave the same counts. A leak per boot never settles.
    await cycles(page, 0, 1);
    let baseline = await measure(page, cdp);
    let warm = 1;
    for (; warm < 6; warm++) {
      await cycles(page, warm, warm + 1);
      const now = await measure(page, cdp);
      const same = JSON.stringify({ ...now, alive: 0 }) === JSON.stringify({ ...baseline, alive: 0 });
      baseline = now;
      if (same) break;
    }
    expect(warm, 'two boots in a row left the same counts').toBeLessThan(6);
    expect(baseline.readyMarks).toBe(0);
    expect(baseline.env).toBe(false);
    await cycles(page, warm + 1, CYCLES);
    const after = await measure(page, cdp);
    expect({ ...after, alive: undefined }).toEqual({ ...baseline, alive: undefined });
    // None of 300 runtimes kept: each was destroyed and nothing holds on to it. Garbage is
    // collected until they are gone. Under load one of them has been seen still referenced
    // after 15 s (not found why: never more than one, never growing with the boots; a leak per
    // boot keeps hundreds), so at most one may remain. The closing note of issue 11 says so.
    await expect
      .poll(async () => (await measure(page, cdp)).alive, { timeout: 15_000 })
      .toBeLessThanOrEqual(1);
  });
});
