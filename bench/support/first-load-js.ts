import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config/config.ts';
import { HEADLESS_ARGS, headlessChromiumPath } from '../../tests/support/headless-chromium.ts';

export interface FirstLoad {
  route: string;
  files: { file: string; gzipBytes: number }[];
  gzipBytes: number;
}

/**
 * The JavaScript a route loads before its page is on screen: every script requested before
 * the page's h1 appears (index.html's entry and preloads, the route's chunk and its imports),
 * measured as gzip -9 of the built files. Sections loaded after the first paint do not count.
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
      const page = await context.newPage();
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
      results.push({ route, files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) });
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}

/**
 * Serves the build in `distDir` with the real server (a throwaway embedded database) while
 * `run` goes against its base URL: what the first-load figures and checks measure.
 */
export async function withBuiltAppServer<T>(distDir: string, run: (baseUrl: string) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hireassist-first-load-'));
  const app = await buildApp(
    loadConfig({
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: distDir,
      // Only pages are loaded; a throwaway password keeps a generated one out of the output.
      ADMIN_PASSWORD: randomBytes(24).toString('base64url'),
    }),
  );
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    return await run(`http://127.0.0.1:${address.port}`);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
