// The WebKit journey suite's harness: the reference server, WebKitGTK's WebDriver, one
// MiniBrowser session per journey, waiting for facts (never fixed sleeps), and axe.
// Plain ES modules with JSDoc types: node runs them as they are, with nothing to compile.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Builder, By } from 'selenium-webdriver';
import { discoverPages, pageUrl } from '../../server/pages.mjs';
import { startServer } from '../../server/server.mjs';

/** @typedef {import('selenium-webdriver').WebDriver} WebDriver */
/** @typedef {import('selenium-webdriver').WebElement} WebElement */
/** @typedef {import('../../server/pages.mjs').EnvName} EnvName */

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PROJECT_PATH = '/clinic';
export const DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH || '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH =
  process.env.MINIBROWSER_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
/** The same WCAG 2.0–2.2 A/AA tags as tests/e2e/fixtures.ts. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** How long a fact may take to become true. Generous: the machine is shared and slow. */
export const WAIT_MS = Number(process.env.SW_WEBKIT_WAIT_MS) || 20_000;
/** The runtime as built (`node build.mjs`); SW_DIST_DIR serves a build made with `--outdir`. */
export const DIST_DIR = resolve(root, process.env.SW_DIST_DIR || 'dist');

const pages = discoverPages(join(root, 'fixtures', 'site'), PROJECT_PATH);

/**
 * Everything the journeys share: the reference server (serving dist/ as built) on a free
 * port of 127.0.0.1 and one WebKitWebDriver process; each journey gets its own browser.
 */
export class Suite {
  /** @type {Awaited<ReturnType<typeof startServer>> | undefined} */ server;
  /** @type {import('node:child_process').ChildProcess | undefined} */ driverProcess;
  /** @type {string} */ driverUrl = '';
  /** @type {string[]} */ driverLog = [];

  async start() {
    if (!existsSync(join(DIST_DIR, 'runtime.js')))
      throw new Error(
        `${join(DIST_DIR, 'runtime.js')} is missing: run \`node build.mjs\` first (the suite tests dist/ as built).`,
      );
    for (const [what, path] of [
      ['WebKitWebDriver (Debian package webkit2gtk-driver)', DRIVER_PATH],
      ['MiniBrowser (Debian package libwebkit2gtk-4.1-0)', MINIBROWSER_PATH],
    ])
      if (!existsSync(path)) throw new Error(`${what} not found at ${path}`);
    const dir = mkdtempSync(join(tmpdir(), 'sw-webkit-'));
    this.server = await startServer({
      port: 0,
      distDir: DIST_DIR,
      consentLog: join(dir, 'consent-log.jsonl'),
    });
    await this.startDriver();
  }

  async startDriver() {
    const port = await freePort();
    // Its own process group: the browsers it starts (MiniBrowser and WebKit's helper
    // processes) can be ended with it, by that group's id, and only those.
    const child = spawn(DRIVER_PATH, [`--port=${port}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    this.driverProcess = child;
    const group = /** @type {number} */ (child.pid);
    // Ended with this process, however it ends (node --test stops a file with SIGTERM on Ctrl-C).
    const onExit = () => signalGroup(group, 'SIGKILL');
    const onSignal = (/** @type {NodeJS.Signals} */ signal) => {
      onExit();
      process.kill(process.pid, signal);
    };
    process.once('exit', onExit);
    for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP']))
      process.once(signal, onSignal);
    child.once('exit', () => {
      process.off('exit', onExit);
      for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP']))
        process.off(signal, onSignal);
    });
    const keep = (/** @type {Buffer} */ b) => {
      this.driverLog.push(...b.toString().split('\n').filter(Boolean));
      this.driverLog.splice(0, Math.max(0, this.driverLog.length - 200));
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    let exited = false;
    child.once('exit', () => (exited = true));
    this.driverUrl = `http://127.0.0.1:${port}`;
    // Ready when its /status answers (W3C WebDriver), not after a guessed pause.
    await poll(
      async () => {
        if (exited) throw new Error(`WebKitWebDriver exited at start:\n${this.driverLog.join('\n')}`);
        const res = await fetch(`${this.driverUrl}/status`).catch(() => undefined);
        return res?.ok ?? false;
      },
      { message: 'WebKitWebDriver answers /status', timeout: 30_000 },
    );
  }

  get port() {
    if (!this.server) throw new Error('the suite has not started');
    return this.server.port;
  }

  get consentLog() {
    return /** @type {NonNullable<Suite['server']>} */ (this.server).consentLog;
  }

  /**
   * `/clinic/en/services/` in environment `env` (server/pages.mjs, as the Playwright suite).
   * @param {string} path
   * @param {EnvName} [env]
   */
  url(path, env = 'live') {
    const page = pages.find((p) => p.path === path);
    if (!page) throw new Error(`no fixture page at ${path}`);
    return pageUrl(page, env, this.port, PROJECT_PATH);
  }

  /**
   * A new MiniBrowser (a fresh, ephemeral profile) at a known window size.
   * @param {{ consentStored?: boolean }} [options] consentStored (default true): the visitor
   *   made a cookie choice on an earlier visit (only the necessary group), as in
   *   tests/e2e/fixtures.ts, so the consent banner stays away from journeys about other things.
   * @returns {Promise<WebDriver>}
   */
  async browser({ consentStored = true } = {}) {
    try {
      return await this.openBrowser({ consentStored });
    } catch (err) {
      if (!(err instanceof DriverTimeout)) throw err;
      // A browser that never answered (seen once on a heavily loaded machine): start the
      // driver and its browsers afresh and try once more, saying so.
      process.stderr.write(
        `# ${err.message.split('\n')[0]}; restarting WebKitWebDriver and trying once more\n`,
      );
      await this.stopDriver();
      await this.startDriver();
      return this.openBrowser({ consentStored });
    }
  }

  /**
   * @param {{ consentStored: boolean }} options
   * @returns {Promise<WebDriver>}
   */
  async openBrowser({ consentStored }) {
    const started = Date.now();
    const session = new Builder()
      .usingServer(this.driverUrl)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
        timeouts: { script: 60_000, pageLoad: 120_000, implicit: 0 },
      })
      .build();
    const driver = await this.deadline(session, 90_000, 'a new MiniBrowser session').catch((err) => {
      // If it comes late, close it: WebKitWebDriver runs one session at a time.
      session.then((d) => d.quit()).catch(() => undefined);
      throw err;
    });
    try {
      await this.deadline(
        driver.manage().window().setRect({ x: 0, y: 0, width: 1280, height: 900 }),
        30_000,
        'the window resized',
      );
      if (consentStored) {
        const flags = {
          privacy_cookie: '1',
          privacy_cookie_1: '1',
          privacy_cookie_2: '0',
          privacy_cookie_3: '0',
        };
        // A cookie is set for the document's host: visit each host's plain demo index first.
        for (const origin of [
          `http://localhost:${this.port}`,
          `http://clinic.preview.localhost:${this.port}`,
        ]) {
          await this.deadline(driver.get(`${origin}/`), 60_000, `${origin}/ loaded`);
          for (const [name, value] of Object.entries(flags))
            await this.deadline(
              driver.manage().addCookie({ name, value, path: '/' }),
              30_000,
              `cookie ${name} set`,
            );
        }
      }
    } catch (err) {
      await driver.quit().catch(() => undefined);
      throw err;
    }
    this.log(`browser ready in ${Date.now() - started} ms`);
    return driver;
  }

  /**
   * `promise`, or a failure naming `what` and the driver's last words after `ms`.
   * @template T
   * @param {Promise<T>} promise
   * @param {number} ms
   * @param {string} what
   * @returns {Promise<T>}
   */
  deadline(promise, ms, what) {
    /** @type {NodeJS.Timeout | undefined} */ let timer;
    const late = new Promise((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new DriverTimeout(
              `no answer from WebKitWebDriver within ${ms} ms for: ${what}\n` +
                `driver log (last lines):\n  ${this.driverLog.slice(-20).join('\n  ') || '(empty)'}`,
            ),
          ),
        ms,
      );
    });
    return /** @type {Promise<T>} */ (Promise.race([promise, late]).finally(() => clearTimeout(timer)));
  }

  /** @param {string} line */
  log(line) {
    if (process.env.SW_WEBKIT_VERBOSE) process.stderr.write(`# ${line}\n`);
  }

  async stop() {
    await this.server?.close();
    await this.stopDriver();
  }

  /** Ends WebKitWebDriver and every browser it started (its process group). */
  async stopDriver() {
    const child = this.driverProcess;
    this.driverProcess = undefined;
    if (!child?.pid) return;
    const group = child.pid;
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((r) => child.once('exit', r));
      signalGroup(group, 'SIGTERM');
      await Promise.race([gone, new Promise((r) => setTimeout(r, 5000).unref())]);
    }
    signalGroup(group, 'SIGKILL'); // whatever of the group is left (a browser outliving its driver)
  }
}

/** A WebDriver command that got no answer in time. */
class DriverTimeout extends Error {}

/**
 * @param {number} group a process group this suite started
 * @param {NodeJS.Signals} signal
 */
function signalGroup(group, signal) {
  try {
    process.kill(-group, signal);
  } catch {
    // already gone
  }
}

/** @returns {Promise<number>} a port free on 127.0.0.1 a moment ago */
function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => res(port));
    });
  });
}

/**
 * Calls `fn` until it returns something truthy (or `until(value)` holds) and returns that
 * value; fails after `timeout` ms with `message` and the last value seen.
 * @template T
 * @param {() => Promise<T> | T} fn
 * @param {{ message: string, timeout?: number, until?: (value: T) => boolean, interval?: number }} options
 * @returns {Promise<T>}
 */
export async function poll(fn, { message, timeout = WAIT_MS, until = Boolean, interval = 50 }) {
  const deadline = Date.now() + timeout;
  /** @type {T | undefined} */ let last;
  /** @type {unknown} */ let lastError;
  for (;;) {
    try {
      last = await fn();
      lastError = undefined;
      if (until(last)) return last;
    } catch (err) {
      lastError = err;
      if (err instanceof Error && /exited at start/.test(err.message)) throw err;
    }
    if (Date.now() > deadline) {
      const seen = lastError instanceof Error ? `error ${lastError.message}` : JSON.stringify(last);
      throw new Error(`timed out after ${timeout} ms waiting for: ${message} (last: ${seen})`);
    }
    await new Promise((r) => setTimeout(r, interval));
  }
}

/**
 * Runs `script` (a function body using `arguments`) in the page until it returns `expected`
 * (deep-equal), or until it returns a truthy value when `expected` is omitted.
 * @param {WebDriver} driver
 * @param {string} message
 * @param {string} script
 * @param {unknown[]} [args]
 * @param {{ expected?: unknown, timeout?: number }} [options]
 */
export function pageFact(driver, message, script, args = [], options = {}) {
  const wanted = 'expected' in options;
  return poll(() => driver.executeScript(script, ...args), {
    message,
    timeout: options.timeout,
    until: wanted ? (v) => isDeepEqual(v, options.expected) : Boolean,
  });
}

/** @param {unknown} a @param {unknown} b */
function isDeepEqual(a, b) {
  try {
    assert.deepStrictEqual(a, b);
    return true;
  } catch {
    return false;
  }
}

/**
 * Records, from now on in this document, uncaught errors, unhandled rejections and CSP /
 * Trusted Types violations in `window.__swProblems` (WebDriver classic has no init scripts:
 * what happened before the page loaded is covered by the Chromium suite).
 * @param {WebDriver} driver
 */
export async function watchProblems(driver) {
  await driver.executeScript(() => {
    const w = /** @type {any} */ (window);
    if (w.__swProblems) return;
    w.__swProblems = [];
    addEventListener('error', (e) => w.__swProblems.push(`error: ${e.message}`));
    addEventListener('unhandledrejection', (e) => w.__swProblems.push(`unhandled rejection: ${e.reason}`));
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__swProblems.push(
        `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`,
      ),
    );
  });
}

/** @param {WebDriver} driver */
export async function expectNoProblems(driver) {
  const problems = await driver.executeScript('return window.__swProblems || []');
  assert.deepEqual(problems, [], `errors or CSP violations in ${await driver.getCurrentUrl()}`);
}

/**
 * Loads a page and waits until the runtime has announced itself (html[data-sw-env]).
 * @param {WebDriver} driver
 * @param {string} url
 */
export async function openWithRuntime(driver, url) {
  await driver.get(url);
  await pageFact(
    driver,
    `html[data-sw-env] on ${url}`,
    'return document.documentElement.getAttribute("data-sw-env")',
  );
  await watchProblems(driver);
}

/**
 * @param {WebDriver} driver
 * @param {string} css
 * @returns {Promise<WebElement>}
 */
export function $(driver, css) {
  return poll(() => driver.findElement(By.css(css)), { message: `an element ${css}` });
}

/**
 * The element's accessible name as the page states it (aria-labelledby, aria-label, text).
 * @param {WebDriver} driver
 * @param {string} css
 */
export function nameOf(driver, css) {
  return driver.executeScript((/** @type {string} */ css) => {
    const el = document.querySelector(css);
    if (!el) return null;
    const by = el.getAttribute('aria-labelledby');
    if (by)
      return by
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
        .join(' ');
    return el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '';
  }, css);
}

const axeSource = () => readFileSync(join(root, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
/** @type {string | undefined} */ let axeCache;

/**
 * "Axe-clean in this state": once the state has settled, injects axe-core (once per
 * document) and runs it with the WCAG tags; fails listing every violation with its nodes.
 * Settled: no animation running and every open dialog fully faded in. A dialog half-way
 * through its fade has, for that moment, paler text (axe blends the opacity), which is not
 * the state being audited; and the fade starts a frame after the dialog opens, so "no
 * animation running" alone can be true just before it starts.
 * @param {WebDriver} driver
 * @param {string} state what is being audited, for the failure message
 */
export async function expectAxeClean(driver, state) {
  await poll(
    () =>
      driver.executeScript(
        () =>
          document.getAnimations().every((a) => a.playState !== 'running') &&
          [...document.querySelectorAll('dialog[open]')].every((d) => getComputedStyle(d).opacity === '1'),
      ),
    { message: 'animations to end', timeout: 5000 },
  ).catch(() => undefined); // a page animating forever is audited as it is
  if (!(await driver.executeScript('return typeof window.axe === "object"'))) {
    axeCache ??= axeSource();
    await driver.executeScript(`${axeCache}\n;return typeof window.axe;`);
  }
  const result =
    /** @type {{ error?: string, violations?: { id: string, impact: string, help: string, nodes: { target: string[], failureSummary?: string }[] }[] }} */ (
      await driver.executeAsyncScript(
        (/** @type {string[]} */ tags, /** @type {(r: unknown) => void} */ done) => {
          const w = /** @type {any} */ (window);
          w.axe
            .run(document, { runOnly: { type: 'tag', values: tags } })
            .then((/** @type {any} */ r) =>
              done({
                violations: r.violations.map((/** @type {any} */ v) => ({
                  id: v.id,
                  impact: v.impact,
                  help: v.help,
                  nodes: v.nodes.map((/** @type {any} */ n) => ({
                    target: n.target,
                    failureSummary: n.failureSummary,
                  })),
                })),
              }),
            )
            .catch((/** @type {unknown} */ e) => done({ error: String(e) }));
        },
        AXE_TAGS,
      )
    );
  assert.equal(result.error, undefined, `axe failed to run (${state})`);
  const summary = (result.violations ?? []).map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
        .map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').join(' ')}`)
        .join('\n    ')}`,
  );
  assert.deepEqual(summary, [], `axe violations with ${state} on ${await driver.getCurrentUrl()}`);
}

/**
 * Presses keys as the visitor does (WebDriver actions: trusted key events to the focused element).
 * @param {WebDriver} driver
 * @param {...string} keys
 */
export async function press(driver, ...keys) {
  await driver
    .actions()
    .sendKeys(...keys)
    .perform();
}

/**
 * What has focus, described: `true` when it is `css` (or inside it with `inside`).
 * @param {WebDriver} driver
 * @param {string} css
 * @param {{ inside?: boolean }} [options]
 */
export function focusIs(driver, css, { inside = false } = {}) {
  return driver.executeScript(
    (/** @type {string} */ css, /** @type {boolean} */ inside) => {
      const el = document.querySelector(css);
      const a = document.activeElement;
      return !!el && !!a && (inside ? el.contains(a) : el === a);
    },
    css,
    inside,
  );
}

/** @param {WebDriver} driver */
export function describeFocus(driver) {
  return driver.executeScript(() => {
    const a = document.activeElement;
    if (!a) return 'nothing';
    return `${a.tagName.toLowerCase()}${a.id ? `#${a.id}` : ''}${a.className ? `.${String(a.className).replace(/\s+/g, '.')}` : ''} "${(a.textContent ?? '').trim().slice(0, 40)}"`;
  });
}

/**
 * Saves a screenshot and the page's markup of a failed journey under test-results/webkit/.
 * @param {WebDriver} driver
 * @param {string} name
 */
export async function saveFailure(driver, name) {
  const dir = join(root, 'test-results', 'webkit');
  mkdirSync(dir, { recursive: true });
  const file = name.replace(/[^\w-]+/g, '-').slice(0, 80);
  try {
    writeFileSync(join(dir, `${file}.png`), await driver.takeScreenshot(), 'base64');
    writeFileSync(join(dir, `${file}.html`), await driver.getPageSource());
  } catch {
    // the browser may be gone; the assertion message is what matters
  }
  return dir;
}
