import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findChromium } from './tests/e2e/chromium';
import { firefoxSkips, grepInvertFor } from './tests/e2e/engines';
import { findFirefox } from './tests/e2e/firefox';

const launchOptions = { executablePath: findChromium(), args: chromiumArgs };

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  // Three workers on two cores: with contexts reused, Chromium's workers wait on the network and
  // timers often enough that a third keeps both cores busy (10.4 min against 11.5 for its 716
  // tests). Firefox already fills them with two (.ci/run runs it with --workers 2).
  workers: 3,
  // In CI a failed test runs once more, recording its trace (below); .ci/summary.mjs counts a
  // test that passes only on the retry ("flaky") as failed, so the retry hides nothing.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '.reports/e2e.json' }]] : [['list']],
  // Chromium's tests share one browser context per worker (Playwright resets it in between:
  // cookies, storage, cache, routes, init scripts, clock): a new context costs about a CPU-second
  // on these 2-core machines, which made up a third of the Chromium suite's time. Tests that
  // need other context options (no JavaScript, a locale) still get their own.
  // Traces (actions, DOM snapshots, network, console): locally a failed test keeps the one it
  // recorded, without the screencast (screenshots of every test cost a third of Firefox's CPU
  // time). CI records none on the first run, which saved a tenth of Chromium's time (foundation
  // and consent specs: 104-111 s against 95-96), and records the retry of a failed test whole.
  use: {
    trace: process.env.CI
      ? { mode: 'on-first-retry', screenshots: true, snapshots: true }
      : { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    launchOptions,
    reuseContext: true,
  },
  projects: [
    // Tests tagged @small only make sense below the 768 px breakpoint, @wide ones above it.
    {
      name: 'desktop',
      grepInvert: /@small/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: 'performance',
      testMatch: /\.perf\.ts$/,
      dependencies: ['desktop', 'mobile'],
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        // gc() lets a timed test start from a collected heap (tests/e2e/rows-performance.perf.ts).
        launchOptions: { ...launchOptions, args: [...chromiumArgs, '--js-flags=--expose-gc'] },
      },
    },
    {
      name: 'mobile',
      grepInvert: /@wide/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: false, launchOptions },
    },
    {
      // Debian's Firefox ESR over WebDriver BiDi, at the desktop project's width. The tests
      // that need what BiDi lacks are listed, with reasons, in tests/e2e/engines.ts.
      name: 'firefox',
      grepInvert: [/@small/, ...grepInvertFor(firefoxSkips)],
      use: {
        browserName: 'firefox',
        channel: 'moz-firefox',
        // A fresh context per test: Firefox's are cheap (reuse measured no faster), and a
        // reused one keeps where the browser's focus went when Tab left the page.
        reuseContext: false,
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: findFirefox(),
          // Lets a page take focus back with window.focus() after Tab has left it for the
          // browser's own controls (consent.spec.ts, keyboard test).
          firefoxUserPrefs: { 'dom.disable_window_flip': false },
        },
      },
    },
  ],
});
