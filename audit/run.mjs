// Runs the audit: each page at each viewport in Chromium, every state the runtime's markers
// can be in, axe and the keyboard checks in each. Returns the data the report is made of.
import { chromium } from '@playwright/test';
import { axeViolations } from './axe.mjs';
import { CHROMIUM_ARGS } from './chromium.mjs';
import { checkDialog, checkDisclosure, motion, tabRound, until } from './keyboard.mjs';
import { probe } from './probe.mjs';
import { auditQueue } from './queue.mjs';
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
    result.pages = await auditQueue(o, async (url, viewport, crawled) => {
      const context = await browser.newContext({ ...VIEWPORTS[viewport], reducedMotion: 'reduce' });
      try {
        await answerConsentWrites(context);
        return await auditPage(await context.newPage(), url, viewport, say, crawled, o.stateTimeout ?? 90);
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

const ask = (page, op, arg) => page.evaluate(probe, { op, arg });
const started = () => !!window.SiteRuntime?.inspect;
const firstLine = (err) => String(err?.message ?? err).split('\n')[0];

async function auditPage(page, url, viewport, say, crawled, limit) {
  const entry = { url, viewport, status: 'checked', message: '', states: [] };
  const fail = (message) => {
    say(`${viewport.padEnd(7)} ${url}  NOT AUDITED: ${message}`);
    return Object.assign(entry, { status: 'error', message });
  };
  try {
    const { response, landed, notPage } = await visit(page, url);
    // Off the site first: another site's error (403 to a headless browser, a DNS failure) is not ours.
    if (crawled && !crawled.site.has(new URL(landed).host)) {
      say(`${viewport.padEnd(7)} ${url}  left the site (to ${landed}): not audited, not followed`);
      return Object.assign(entry, { status: 'left', message: `it led off the site, to ${landed}` });
    }
    if (crawled && notPage) {
      say(`${viewport.padEnd(7)} ${url}  not a page (${notPage}): not audited, not followed`);
      return Object.assign(entry, { status: 'skipped', message: `it is not a page but ${notPage}` });
    }
    if (crawled?.audited(page.url())) {
      say(`${viewport.padEnd(7)} ${url}  led to ${page.url()}, audited already: not audited again`);
      return Object.assign(entry, { status: 'same', finalUrl: page.url() });
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
