/**
 * The route budget check CI runs right after the web build (`npm run test:e2e`): the gzipped
 * JavaScript each route loads before its page is on screen (bench/support/first-load-js.ts),
 * against bench/budgets.json. Prints every route's size beside its budget and exits 1 when
 * any is over. Measures dist/web, or WEB_DIST_DIR when set.
 * Run: npx tsx bench/check-budgets.ts
 */
import path from 'node:path';
import { PROJECT_ROOT } from '../server/config/config.ts';
import budgets from './budgets.json' with { type: 'json' };
import { measureFirstLoadJs, withBuiltAppServer } from './support/first-load-js.ts';

const distDir = path.resolve(PROJECT_ROOT, process.env.WEB_DIST_DIR ?? 'dist/web');
const limits = Object.entries(budgets.firstLoadJsGzipKB);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const loads = await withBuiltAppServer(distDir, (baseUrl) =>
  measureFirstLoadJs(
    baseUrl,
    distDir,
    limits.map(([route]) => route),
  ),
);

const shownDir = path.relative(PROJECT_ROOT, distDir).startsWith('..') ? distDir : path.relative(PROJECT_ROOT, distDir);
console.log(`First-load JS per route (gzip -9), ${shownDir} vs bench/budgets.json`);
const over: string[] = [];
for (const [index, [route, limitKb]] of limits.entries()) {
  const load = loads[index];
  if (!load) throw new Error(`no measurement for ${route}`);
  const overBudget = load.gzipBytes > limitKb * 1024;
  if (overBudget) over.push(`${route}: ${kb(load.gzipBytes)} KB > ${limitKb} KB`);
  console.log(
    `  ${route.padEnd(36)} ${kb(load.gzipBytes).padStart(7)} KB / ${String(limitKb).padStart(4)} KB` +
      `  ${overBudget ? 'OVER BUDGET' : 'ok'}  (${load.files.length} files)`,
  );
}
if (over.length > 0) {
  console.error(
    `\nFirst-load JS over budget on ${over.length} route(s):\n  ${over.join('\n  ')}\n` +
      'Load the extra code later (a lazy import after the first paint), or, if the growth is wanted, raise the budget in bench/budgets.json and say why in the change.',
  );
  process.exit(1);
}
console.log('All routes within budget.');
