import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { preferRamTmpdir } from './tests/support/ram-tmpdir.ts';

// The servers' databases and Chromium's profiles in RAM when the machine allows: see the function.
preferRamTmpdir();

/** Playwright cannot download its own browser here; it drives the machine's Chromium. */
const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  throw new Error(
    `No Chromium at ${chromiumPath}. Install one with "apt-get install chromium" (Debian/Ubuntu), ` +
      'or point CHROME_PATH at a Chromium or Chrome binary.',
  );
}

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
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
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
  },
});
