// What the audit does to a page besides driving states: answering consent writes itself,
// waiting for the runtime to settle, screenshots with outlines, closing what opened by itself.
import { until } from './keyboard.mjs';
import { probe } from './probe.mjs';

const ask = (page, op, arg) => page.evaluate(probe, { op, arg });

/**
 * The audit must leave no trace on the site: a consent choice it makes to close the
 * preferences is answered here as the endpoint would (contract §4), never sent.
 */
export async function answerConsentWrites(context) {
  await context.route(
    (url) => url.pathname.endsWith('/swfiles/lib/privacycookie.php'),
    async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      const flags = Object.fromEntries(new URLSearchParams(request.postData() ?? ''));
      const body = { status: { code: '200', message: { privacy_cookie: '1', ...flags } }, scripts: [] };
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
    },
  );
}

/**
 * Every marker connected (or failed), and the consent banner shown where it will be: not in
 * the editors; elsewhere (a fresh browser: no choice stored) after its delay.
 */
export async function settle(page) {
  await reachWaitingMarkers(page);
  await until(
    page,
    () => window.SiteRuntime.inspect().every((m) => m.state !== 'waiting'),
    undefined,
    10_000,
  );
  const delay = await page.evaluate(() => {
    const banner = document.querySelector('[data-sw-consent-banner][data-sw-ready]');
    if (!banner || window.SiteRuntime.env.local) return null;
    try {
      const o = JSON.parse(
        document.querySelector('[data-sw-consent-options]')?.getAttribute('data-sw-consent-options') || '{}',
      );
      return Number.isFinite(o.delay) ? o.delay : 1000;
    } catch {
      return 1000;
    }
  });
  if (delay !== null)
    await until(
      page,
      () => document.querySelector('[data-sw-consent-banner]').getClientRects().length > 0,
      undefined,
      Math.min(delay, 15_000) + 3000, // a banner due later than that is judged as not shown
    );
}

/** The state as a JPEG (data URL) with the elements of `selectors` outlined in red. */
export async function shoot(page, selectors) {
  await ask(page, 'outline', selectors);
  try {
    const jpeg = await page.screenshot({ type: 'jpeg', quality: 60 });
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  } finally {
    await ask(page, 'outline', []);
  }
}

/**
 * Nothing open that a state did not open (a dialog an automatic trigger opened): Escape, then
 * the modal API. Says whether the page is clear; a dialog that stays (the consent preferences
 * have no close methods) makes the next state unreachable rather than audited as another.
 */
export async function reset(page) {
  const open = () => [...document.querySelectorAll('dialog')].some((d) => d.matches(':modal'));
  for (let i = 0; i < 3; i++) {
    if (!(await page.evaluate(open))) return true;
    await page.keyboard.press('Escape');
    if (
      await until(
        page,
        () => ![...document.querySelectorAll('dialog')].some((d) => d.matches(':modal')),
        undefined,
        1000,
      )
    )
      return true;
    await page.evaluate(() => {
      for (const m of document.querySelectorAll('[data-sw-modal][id]'))
        window.SiteRuntime?.modal(m.id, 'close');
    });
  }
  return !(await page.evaluate(open));
}

/**
 * Markers whose code comes on a visitor's contact or once in view (issue 14's `interaction`
 * and `visible` strategies) are reached as a visitor would: each one still waiting is
 * scrolled to and touched (a `pointerover`), then the page goes back to its top.
 */
async function reachWaitingMarkers(page) {
  await page
    .evaluate(async () => {
      const rt = window.SiteRuntime;
      const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      // Bounded: a long modal `delay` or a script that never arrives holds idle() that long;
      // once it has, it will again for each marker after, so those get 2 s.
      let bound = 15_000;
      const idle = async () => {
        let late = true;
        await Promise.race([rt.idle().then(() => (late = false)), new Promise((r) => setTimeout(r, bound))]);
        if (late) bound = 2000;
      };
      await idle();
      const touched = new Set();
      for (;;) {
        const next = rt.inspect().find((m) => m.state === 'waiting' && !touched.has(m.element));
        if (!next) break;
        touched.add(next.element);
        next.element.scrollIntoView({ block: 'nearest' });
        await frame(); // an observer sees it in view only after a rendering update
        next.element.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
        await idle();
      }
      window.scrollTo(0, 0);
    })
    .catch(() => undefined); // a page without the runtime, or one that navigated: judged as it is
}

/**
 * `work`, or a rejection once `seconds` have passed. A page whose main thread never frees (a
 * script's endless loop) answers no `evaluate`, and Playwright gives those no time limit.
 */
export function within(work, seconds, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the page did not answer within ${seconds} s ${what}`)),
      seconds * 1000,
    );
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
