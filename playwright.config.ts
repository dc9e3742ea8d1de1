import { defineConfig } from '@playwright/test';
import { HEADLESS_ARGS, headlessChromiumPath } from './tests/support/headless-chromium.ts';
import { preferRamTmpdir } from './tests/support/ram-tmpdir.ts';

// The servers' databases and Chromium's profiles in RAM when the machine allows: see the function.
preferRamTmpdir();

/** Playwright cannot download its own browser here; it drives the machine's Chromium (see the function). */
const chromiumPath = headlessChromiumPath();

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  // No trace while a journey passes: recording one for every journey and keeping only the
  // failures' ('retain-on-failure') cost a sixth of their time (bench/HISTORY.md). A journey that
  // fails runs once more, recording a trace to open, and the run fails all the same, also when the
  // second attempt passes (tests/server/tooling/journey-failure-policy.test.ts).
  retries: 1,
  failOnFlakyTests: true,
  // A journey that takes 20 s alone took over 30 s beside the other worker on a slow 2-core VM;
  // each step still waits at most 10 s (expect), so a hang fails as fast as before.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-reports/playwright.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1280, height: 720 },
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: chromiumPath,
      args: HEADLESS_ARGS,
    },
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
});
