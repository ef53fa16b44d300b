import { test as base, expect, type Page } from '@playwright/test';
import { join } from 'node:path';
import { discoverPages, pageUrl, type EnvName } from '../../server/pages.mjs';
import type { FixturePage } from '../../server/server.mjs';
import { axeBuilder, injectAxeIntoFrames } from '../../audit/axe.mjs';

export { expect };
export const PROJECT_PATH = '/clinic';

/**
 * Requests for one of the runtime's lazily loaded files (`lightbox`, `tile-popup`…), however
 * it is asked for: a retry asks for the same file with a query (a URL no module map has seen).
 */
export const chunkFile = (name: string): RegExp => new RegExp(`/${name}-[\\w-]+\\.js(\\?[^#]*)?$`);
export const fixturePages: FixturePage[] = discoverPages(
  join(process.cwd(), 'fixtures', 'site'),
  PROJECT_PATH,
);

/** The reference server started by global-setup.ts for this run. */
export function serverPort(): number {
  const port = Number(process.env.SW_TEST_PORT);
  if (!port) throw new Error('SW_TEST_PORT is not set: run the browser tests through `npx playwright test`.');
  return port;
}

/** `/clinic/en/services/` in environment `env`. */
export function urlFor(path: string, env: EnvName = 'live'): string {
  const page = fixturePages.find((p) => p.path === path);
  if (!page) throw new Error(`no fixture page at ${path}`);
  return pageUrl(page, env, serverPort(), PROJECT_PATH);
}

/** The analytics vendor's hosts (contract §5). */
export const analyticsHosts =
  /^https:\/\/([\w-]+\.)*(googletagmanager|google-analytics|analytics\.google)\.com\//;

interface Options {
  /** Set by the few tests that provoke a CSP violation on purpose. */
  allowCspViolations: boolean;
  /**
   * The visitor made a cookie choice on an earlier visit (only the necessary group), so the
   * consent banner, fixed over the bottom of the page, stays away from tests about other
   * things. The consent and analytics specs turn it off to start as a first visit.
   */
  consentStored: boolean;
  /** A new tab rather than the reused one: no history from earlier tests (history.length stops at 50). */
  freshTab: boolean;
}

const clockWatch = new WeakMap<object, { paused: boolean }>();

/** Notes whether the test paused the page's clock (one wrapper per clock, however often reused). */
function watchClockPauses(page: Page): { paused: boolean } {
  const clock = page.clock;
  let watch = clockWatch.get(clock);
  if (!watch) {
    const state: { paused: boolean } = (watch = { paused: false });
    clockWatch.set(clock, watch);
    const pauseAt = clock.pauseAt.bind(clock);
    clock.pauseAt = (time) => ((state.paused = true), pauseAt(time));
  }
  return watch;
}

/**
 * Every browser test fails on an uncaught page error or on any Content-Security-Policy or
 * Trusted Types violation, reported by the browser's own `securitypolicyviolation` events.
 */
export const test = base.extend<Options & { cspViolations: string[] }>({
  allowCspViolations: [false, { option: true }],
  consentStored: [true, { option: true }],
  freshTab: [false, { option: true }],
  cspViolations: async ({}, use) => {
    await use([]);
  },
  page: async ({ context, freshTab, allowCspViolations, cspViolations, consentStored }, use, testInfo) => {
    // The browser context and its tab are reused from test to test (playwright.config.ts: a new
    // context costs about a CPU-second here, a new tab 0.4); Playwright clears cookies, storage,
    // cache, routes and init scripts in between. What it keeps is the tab's history: a test that
    // counts history entries asks for a fresh tab.
    const stale = freshTab ? context.pages() : [];
    const page = (!freshTab && context.pages()[0]) || (await context.newPage());
    await Promise.all(stale.map((p) => p.close()));
    if (consentStored) {
      const flags = {
        privacy_cookie: '1',
        privacy_cookie_1: '1',
        privacy_cookie_2: '0',
        privacy_cookie_3: '0',
      };
      await page.context().addCookies(
        ['localhost', 'clinic.preview.localhost'].flatMap((host) =>
          Object.entries(flags).map(([name, value]) => ({
            name,
            value,
            url: `http://${host}:${serverPort()}/`,
          })),
        ),
      );
    }
    // Never the real analytics network: tests that need the tag route it to a local stub
    // (a later route wins), every other request to those hosts fails here.
    await page.route(analyticsHosts, (route) => route.abort('blockedbyclient'));
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(`${err.name}: ${err.message}`));
    await page.exposeFunction('__swCspViolation', (text: string) => cspViolations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { __swCspViolation(t: string): void }).__swCspViolation(
          `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`,
        );
      });
    });
    const clock = watchClockPauses(page);
    await use(page);
    // A clock left paused is resumed by Playwright when the test's context is handed over for
    // reuse, without waiting: that resume can add its init script after the reset, and the next
    // test's first page then throws ("reading 'controller'" of an absent __pwClock). Resumed
    // here, while the test still owns the context, nothing is left for the handover to do.
    if (clock.paused) await page.clock.resume().catch(() => undefined); // a closed page has no clock left
    clock.paused = false;
    if (testInfo.status !== testInfo.expectedStatus) return;
    // Firefox also writes each CSP violation to its console as an error, which Playwright's
    // WebDriver BiDi driver passes on as a page error: it is judged as a violation, not a crash.
    const cspReports = pageErrors.filter((e) => e.startsWith('Content-Security-Policy: '));
    expect(
      pageErrors.filter((e) => !cspReports.includes(e)),
      'uncaught errors in the page',
    ).toEqual([]);
    if (!allowCspViolations)
      expect([...cspViolations, ...cspReports], 'CSP / Trusted Types violations').toEqual([]);
  },
});

/** Loads a page and waits until the runtime has announced itself (html[data-sw-env]). */
export async function openWithRuntime(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('html[data-sw-env]', { state: 'attached' });
}

/**
 * Serves `path` without its CSP's `base-uri` (which refuses a `<base>` a test puts in, as many
 * builder pages have one), with `edit` applied to its markup.
 */
export async function withoutBaseUri(page: Page, path: string, edit = (body: string) => body): Promise<void> {
  await page.route(`**${path}`, async (route) => {
    const response = await route.fetch();
    const headers = response.headers();
    const csp = headers['content-security-policy'];
    if (csp) headers['content-security-policy'] = csp.replace(/(^|;)\s*base-uri[^;]*/, '');
    await route.fulfill({ response, headers, body: edit(await response.text()) });
  });
}

/** An element a test adds to a page: tag, attributes, text, children. */
export type Markup = [tag: string, attributes: Record<string, string>, text?: string, children?: Markup[]];

/**
 * Adds elements at the end of `parent`, built through the DOM: the fixture pages' Trusted Types
 * refuse HTML strings, and their CSP inline `style` attributes (a `style` here is set through
 * the CSSOM, which the CSP allows).
 */
export async function appendMarkup(page: Page, parent: string, markup: Markup[]): Promise<void> {
  await page.evaluate(
    ([parent, list]) => {
      const build = ([tag, attributes, text, children]: Markup): Element => {
        const el = document.createElement(tag);
        for (const [name, value] of Object.entries(attributes))
          if (name === 'style') el.style.cssText = value;
          else el.setAttribute(name, value);
        if (text) el.textContent = text;
        el.append(...(children ?? []).map(build));
        return el;
      };
      document.querySelector(parent)!.append(...(list as Markup[]).map(build));
    },
    // (As unknown: Playwright's serialisable type of a recursive tuple is too deep for tsc.)
    [parent, markup as unknown] as const,
  );
}

/**
 * Resolves once the runtime has nothing under way (`SiteRuntime.idle()`: no chunk, request,
 * consent script, timer or frame of its own pending). A check that something did *not*
 * happen runs after this, not after a sleep: nothing the runtime scheduled is still to come.
 */
export async function runtimeIdle(page: Page): Promise<void> {
  await page.waitForFunction(() => 'SiteRuntime' in window);
  await page.evaluate(() => window.SiteRuntime!.idle());
}

/**
 * Elements of every idle-loaded feature (runtime/controllers/index.ts): each waits for its
 * chunk. Lightbox items are not among them: their code comes on the first contact (issue 14).
 */
const IDLE_LOADED = [
  '[data-sw-modal]',
  '[data-sw-languages]',
  '[data-sw-consent-modal]',
  '[data-sw-consent-banner]',
].join(', ');

/** Resolves once every idle-loaded feature on the page has connected (its elements are ready). */
export async function idleFeaturesConnected(page: Page): Promise<void> {
  await page.waitForFunction(
    (selector) => [...document.querySelectorAll(selector)].every((el) => el.hasAttribute('data-sw-ready')),
    IDLE_LOADED,
  );
}

/**
 * "Axe-clean in this state" in one line: runs axe with the WCAG 2.0-2.2 A/AA tags on the
 * page as it is now and fails listing every violation with its nodes. A state is judged
 * once it has settled: a dialog half-way through its fade has, for that moment, paler text
 * (axe blends the opacity), which is not the state being audited.
 */
export async function expectAxeClean(
  page: Page,
  options: { include?: string; exclude?: string[] } = {},
): Promise<void> {
  // A dialog starts its fade on the frame after it opens (`data-sw-shown`): until then no
  // animation is running yet, and the check below would pass before the fade had begun.
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('dialog[data-sw-dialog][open]')].every((d) =>
          d.hasAttribute('data-sw-shown'),
        ),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined); // a page whose frames are held (a paused clock) is audited as it is
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
      timeout: 3000,
    })
    .catch(() => undefined); // a page animating forever is audited as it is
  await injectAxeIntoFrames(page);
  let builder = axeBuilder(page);
  if (options.include) builder = builder.include(options.include);
  for (const e of options.exclude ?? []) builder = builder.exclude(e);
  const { violations } = await builder.analyze();
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').join(' ')}`).join('\n    ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}
