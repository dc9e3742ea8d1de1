import { chromium } from '@playwright/test';
import { type FirstLoad, firstLoadJs } from '../../tests/support/first-load-js.ts';
import { HEADLESS_ARGS, headlessChromiumPath } from '../../tests/support/headless-chromium.ts';

/**
 * The first-load JavaScript of each route (tests/support/first-load-js.ts), each in a fresh
 * browser context. `npm test` holds the routes to bench/budgets.json in
 * tests/e2e/first-load-budgets.spec.ts; the benches print the figures.
 */
export async function measureFirstLoadJs(baseUrl: string, distDir: string, routes: readonly string[]): Promise<FirstLoad[]> {
  const browser = await chromium.launch({
    executablePath: headlessChromiumPath(),
    args: HEADLESS_ARGS,
  });
  try {
    const results: FirstLoad[] = [];
    for (const route of routes) {
      const context = await browser.newContext();
      results.push(await firstLoadJs(await context.newPage(), baseUrl, route, distDir));
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}
