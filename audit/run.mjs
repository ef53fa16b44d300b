// Runs the audit: each page at each viewport in Chromium, every state the runtime's markers
// can be in, axe and the keyboard checks in each. Returns the data the report is made of.
import { chromium } from '@playwright/test';
import { axeViolations } from './axe.mjs';
import { CHROMIUM_ARGS } from './chromium.mjs';
import { checkDialog, checkDisclosure, motion, tabRound, until } from './keyboard.mjs';
import { followable } from './plan.mjs';
import { probe } from './probe.mjs';
import { answerConsentWrites, reset, settle, shoot, within } from './session.mjs';
import { visit } from './visit.mjs';
import { planStates, replan } from './states.mjs';

export const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  mobile: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
};

/** @param {{ urls: string[], viewports: string[], crawl: number, jobs: number, chromium: string, progress?: (line: string) => void }} o */
export async function audit(o) {
  const say = o.progress ?? (() => {});
  const browser = await chromium.launch({ executablePath: o.chromium, args: [...CHROMIUM_ARGS] });
  const result = {
    tool: 'site-runtime-audit',
    chromium: browser.version(),
    started: new Date().toISOString(),
    pages: [],
  };
  try {
    result.pages = await auditQueue(o, async (url, viewport, site) => {
      const context = await browser.newContext({ ...VIEWPORTS[viewport], reducedMotion: 'reduce' });
      try {
        await answerConsentWrites(context);
        return await auditPage(await context.newPage(), url, viewport, say, site, o.stateTimeout ?? 90);
      } finally {
        await context.close();
      }
    });
  } finally {
    await browser.close();
  }
  result.finished = new Date().toISOString();
  return result;
}

/**
 * Audits the URLs (and, with a crawl, the links they lead to) `o.jobs` page-viewports at a
 * time, each in its own browser context. The queue and the report come out exactly as one page
 * at a time would make them: a page's links join the queue in queue order, once it and every
 * page before it are done, and a worker with nothing left to take waits for those.
 */
async function auditQueue(o, auditOne) {
  const queue = [...o.urls];
  /** Where pages ended up after a redirect: not audited again when a link leads there. */
  const seen = new Set();
  const limit = Math.max(o.crawl, o.urls.length);
  const V = o.viewports.length;
  /** The site's hosts: the start URLs' and where they ended (http to https, apex to www). */
  const site = new Set(o.urls.map((u) => new URL(u).host));
  const entries = [];
  let next = 0;
  let merged = 0;
  let wake;
  let changed = new Promise((resolve) => (wake = resolve));
  const merge = () => {
    for (; merged < queue.length && entries[merged]?.filter(Boolean).length === V; merged++)
      for (const entry of entries[merged]) {
        // Links are followed on the site the page ended on (a redirect: http to https, to www).
        if (entry.finalUrl) seen.add(entry.finalUrl);
        if (entry.finalUrl && merged < o.urls.length) site.add(new URL(entry.finalUrl).host);
        if (o.crawl > 0 && entry.links)
          for (const link of followable(entry.links, entry.finalUrl ?? queue[merged]))
            if (!queue.includes(link) && !seen.has(link)) queue.push(link);
        delete entry.links;
      }
  };
  const worker = async () => {
    for (;;) {
      const i = Math.floor(next / V);
      if (i >= limit || (i >= queue.length && merged >= queue.length)) return;
      if (i >= queue.length) {
        await changed; // an earlier page may still add to the queue
        continue;
      }
      const v = next++ % V;
      // A crawled link that ends on another site (a redirect) is not the site's to audit.
      const entry = await auditOne(queue[i], o.viewports[v], i < o.urls.length ? null : site);
      (entries[i] ??= [])[v] = entry;
      merge();
      wake();
      changed = new Promise((resolve) => (wake = resolve));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, o.jobs || 1) }, worker)); // one when not given
  return entries.flat();
}

const ask = (page, op, arg) => page.evaluate(probe, { op, arg });
const started = () => !!window.SiteRuntime?.inspect;
const firstLine = (err) => String(err?.message ?? err).split('\n')[0];

async function auditPage(page, url, viewport, say, site, limit) {
  const entry = { url, viewport, status: 'checked', message: '', states: [] };
  const fail = (message) => {
    say(`${viewport.padEnd(7)} ${url}  NOT AUDITED: ${message}`);
    return Object.assign(entry, { status: 'error', message });
  };
  try {
    const { response, landed, notPage } = await visit(page, url);
    // Off the site first: another site's error (403 to a headless browser, a DNS failure) is not ours.
    if (site && !site.has(new URL(landed).host)) {
      say(`${viewport.padEnd(7)} ${url}  left the site (to ${landed}): not audited, not followed`);
      return Object.assign(entry, { status: 'left', message: `it led off the site, to ${landed}` });
    }
    if (site && notPage) {
      say(`${viewport.padEnd(7)} ${url}  not a page (${notPage}): not audited, not followed`);
      return Object.assign(entry, { status: 'skipped', message: `it is not a page but ${notPage}` });
    }
    if (response instanceof Error) return fail(`the page did not load (${firstLine(response)})`);
    if (!response || response.status() >= 400)
      return fail(`the page did not load (HTTP ${response?.status() ?? 'no answer'})`);
    if (page.url() !== url) entry.finalUrl = page.url();
    const answer = (work, what = 'as it loaded') => within(work, limit, what);
    entry.links = await answer(ask(page, 'links'));
    // Asked again once the wait ends: a page whose main thread never frees ends at --state-timeout.
    if (!(await answer(until(page, started, undefined, 10_000))) && !(await answer(page.evaluate(started))))
      return fail('the runtime did not start on this page (no window.SiteRuntime.inspect)');
    await answer(settle(page));
    // Read again once the runtime is idle: it draws links after load (the language switcher's).
    entry.links = [...new Set([...entry.links, ...(await answer(ask(page, 'links')))])];
    const markers = await answer(ask(page, 'markers'));
    entry.markers = [...new Set(markers.map((m) => m.name))];
    const banner = await answer(
      page.evaluate(() => !!document.querySelector('[data-sw-consent-banner]')?.checkVisibility()),
    );
    const label = `page as loaded${banner ? ' (consent banner shown)' : ''}`;
    const pagePlan = { key: 'page', label, reach: async () => ({ kind: 'page' }) };
    for (const { key } of [pagePlan, ...planStates(markers, viewport)]) {
      // Planned again from what the runtime lists now: paths shift as the runtime adds to the page.
      const plan = key === 'page' ? pagePlan : await answer(replan(page, key, viewport), `(${key})`);
      const t0 = Date.now();
      const state = await answer(auditState(page, plan), `(${plan.label})`);
      state.ms = Date.now() - t0;
      entry.states.push(state);
      const found = state.violations.length + state.keyboard.length;
      const result =
        state.status === 'checked'
          ? `${found} finding${found === 1 ? '' : 's'}`
          : `NOT REACHED (${state.message})`;
      say(`${viewport.padEnd(7)} ${url}  ${state.label} [${state.ms} ms]: ${result}`);
    }
  } catch (err) {
    // The page navigated away, crashed or closed: what was audited stays, the page is not clean.
    return fail(`the audit stopped on this page: ${firstLine(err)}`);
  }
  return entry;
}

async function auditState(page, plan) {
  const state = {
    key: plan.key,
    label: plan.label,
    status: 'checked',
    message: '',
    violations: [],
    keyboard: [],
    screenshot: null,
  };
  try {
    if (!(await reset(page)))
      return Object.assign(state, {
        status: 'unreachable',
        message: 'a dialog left open could not be closed',
      });
    const reached = await plan.reach(page);
    if (reached.unreachable)
      return Object.assign(state, { status: 'unreachable', message: reached.unreachable });
    if (reached.note) state.label += `, ${reached.note}`;
    state.violations = await axeViolations(page);
    state.screenshot = await shoot(
      page,
      state.violations.flatMap((v) => v.nodes.map((n) => n.selector)),
    );
    if (reached.kind === 'page') {
      await page.evaluate(() => document.activeElement?.blur?.());
      const round = await tabRound(page);
      if (round.cut) state.label += `, Tab round stopped after ${round.cut} controls (the rest not judged)`;
      state.keyboard = [...(await motion(page, null)), ...round];
    } else if (reached.kind === 'dialog') await checkDialog(page, reached, state.keyboard);
    else if (reached.kind === 'disclosure') {
      await checkDisclosure(page, reached.button, state.keyboard);
      await reached.after?.(page);
    } else state.keyboard = await motion(page, reached.region);
    if (!state.violations.length && !state.keyboard.length) state.screenshot = null;
  } catch (err) {
    Object.assign(state, {
      status: 'unreachable',
      message: `the audit could not drive it: ${String(err.message).split('\n')[0]}`,
    });
  }
  return state;
}
