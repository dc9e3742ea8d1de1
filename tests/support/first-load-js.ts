import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

export interface FirstLoad {
  route: string;
  files: { file: string; gzipBytes: number }[];
  gzipBytes: number;
}

/**
 * The JavaScript a page loads before it is on screen: every script requested before the page's
 * h1 appears (index.html's entry and preloads, the route's chunk and its imports), measured as
 * gzip -9 of the built files in `distDir`. Sections loaded after the first paint do not count.
 * `page` should be fresh (a new context), so nothing comes from an earlier page's cache.
 */
export async function firstLoadJs(page: Page, baseUrl: string, route: string, distDir: string): Promise<FirstLoad> {
  // A string, not a function: tsx would add helpers to a function that the page does not have.
  await page.addInitScript(`
    new MutationObserver((_records, observer) => {
      if (document.querySelector('main h1')) { window.h1At = performance.now(); observer.disconnect(); }
    }).observe(document, { childList: true, subtree: true });
  `);
  await page.goto(new URL(route, baseUrl).href, { waitUntil: 'networkidle' });
  const scripts = (await page.evaluate(`
    performance.getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js') && entry.startTime <= (window.h1At ?? Infinity))
      .map((entry) => new URL(entry.name).pathname)
  `)) as string[];
  const files = [...new Set(scripts)].map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length,
  }));
  return { route, files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}
