import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findChromium } from './tests/e2e/chromium';

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
  ],
});
