/**
 * `npm start`: builds the web app when its build is missing or older than its sources,
 * then starts the server. Production images build once and run `server/index.ts` directly.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './config/config.ts';

const BUILD_MARKER = path.join(PROJECT_ROOT, 'dist/web/index.html');
const WEB_SOURCES = ['src-web', 'src-shared', 'content', 'vite.config.ts', 'package-lock.json'];

function newestChange(entry: string): number {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stats.mtimeMs);
}

function buildIsStale(): boolean {
  if (!existsSync(BUILD_MARKER)) return true;
  const built = statSync(BUILD_MARKER).mtimeMs;
  return WEB_SOURCES.map((name) => path.join(PROJECT_ROOT, name))
    .filter((entry) => existsSync(entry))
    .some((entry) => newestChange(entry) > built);
}

if (buildIsStale()) {
  console.log('Building the web app (its build is missing or older than its sources)…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('./index.ts');
