/**
 * `npm start`: builds the web app (`dist/web`) and the server (`dist/server`) when a build is
 * missing or older than its sources, then runs the compiled server in this same process: one
 * node process, no runtime transpiler. Production images run `npm run build` once and then
 * `node dist/server/index.js`.
 *
 * Plain JavaScript on purpose: it must run on a fresh clone after `npm install` alone. The
 * builds run in child processes that exit before the server starts, so neither Vite nor
 * esbuild stays loaded in the server's memory.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const BUILDS = [
  {
    name: 'the web app',
    output: 'dist/web/index.html',
    sources: ['src-web', 'src-shared', 'content', 'vite.config.ts', 'package-lock.json'],
    command: [path.join(PROJECT_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
  },
  {
    name: 'the server',
    output: 'dist/server/index.js',
    sources: ['server', 'src-shared', 'scripts/build-server.mjs', 'tsconfig.base.json', 'package-lock.json'],
    command: [path.join(PROJECT_ROOT, 'scripts/build-server.mjs')],
  },
];

/** The newest modification under `entry`; a directory's own time catches deleted files. */
function newestChange(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stats.mtimeMs);
}

function isStale({ output, sources }) {
  const marker = path.join(PROJECT_ROOT, output);
  if (!existsSync(marker)) return true;
  const built = statSync(marker).mtimeMs;
  return sources
    .map((name) => path.join(PROJECT_ROOT, name))
    .filter((entry) => existsSync(entry))
    .some((entry) => newestChange(entry) > built);
}

for (const build of BUILDS) {
  if (!isStale(build)) continue;
  console.info(`Building ${build.name} (its build is missing or older than its sources)…`);
  const result = spawnSync(process.execPath, build.command, { cwd: PROJECT_ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(pathToFileURL(path.join(PROJECT_ROOT, 'dist/server/index.js')).href);
