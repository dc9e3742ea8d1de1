/**
 * The SEO HTML screen's 'Generate All HTML' over 101 published posts (two pages of the list),
 * against the real server, in jsdom with React's Profiler around the screen: the time React
 * spends rendering while the walk saves each page, per commit and in all, and the walk's wall
 * time. Each saved page changes one row's badge; the rest of the 100 rows on screen should not
 * render again. ROUNDS walks (default 3), medians printed.
 * Run: npm run bench blog-html
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const result = spawnSync('npx', ['vitest', 'run', '--config', path.join(here, 'vitest.config.ts')], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
