import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { firstLoadJs } from '../support/first-load-js.ts';
import { WEB_DIST_DIR } from './support/web-build.ts';

/**
 * Each route's first-load JavaScript (gzip -9 of the scripts requested before its h1 appears)
 * against its budget in bench/budgets.json, on the web build the run's server serves. Home's
 * bar is the product's own (120 KB); the others are their size when set plus 10 %.
 */
const { firstLoadJsGzipKB } = JSON.parse(readFileSync('bench/budgets.json', 'utf8')) as {
  firstLoadJsGzipKB: Record<string, number>;
};

for (const [route, budgetKb] of Object.entries(firstLoadJsGzipKB)) {
  test(`${route} loads at most ${budgetKb} KB of JavaScript (gzip) before its heading`, async ({ page, baseURL }) => {
    const load = await firstLoadJs(page, baseURL ?? '', route, WEB_DIST_DIR);
    const files = load.files.map((file) => `${file.file} ${(file.gzipBytes / 1024).toFixed(1)} KB`).join(', ');
    expect(
      load.gzipBytes / 1024,
      `${route} loads ${files}. Load the extra code later (a lazy import after the first paint), or, if the growth is wanted, raise the budget in bench/budgets.json and say why in the change.`,
    ).toBeLessThanOrEqual(budgetKb);
  });
}
