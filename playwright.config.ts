import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findChromium } from './tests/e2e/chromium';
import { firefoxSkips, grepInvertFor } from './tests/e2e/engines';
import { findFirefox } from './tests/e2e/firefox';

const launchOptions = { executablePath: findChromium(), args: chromiumArgs };

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '.reports/e2e.json' }]] : [['list']],
  use: { trace: 'retain-on-failure', launchOptions },
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
