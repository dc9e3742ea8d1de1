/**
 * Time from starting the compiled server (`node dist/server/index.js`, as `npm start` does once
 * both builds are fresh) to its first 200 on /, with a fresh data directory and with an
 * existing one; the gzipped JS the home page loads first; then the server's idle memory on
 * PGlite and PostgreSQL (idle-memory.ts). Run: npm run bench startup
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PROJECT_ROOT } from '../../server/config/config.ts';

const RUNS = 5;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function timeToFirst200(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/`)).status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const built = spawnSync(process.execPath, [path.join(PROJECT_ROOT, 'scripts/build-server.mjs')], { stdio: 'inherit' });
if (built.status !== 0) throw new Error('the server build failed');

const fresh: number[] = [];
const existing: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hireassist-bench-startup-'));
  fresh.push(await timeToFirst200(dataDir));
  existing.push(await timeToFirst200(dataDir));
  await rm(dataDir, { recursive: true, force: true });
}
console.log(`start to first 200, fresh data directory:    median ${median(fresh).toFixed(0)} ms over ${RUNS} runs`);
console.log(`start to first 200, existing data directory: median ${median(existing).toFixed(0)} ms over ${RUNS} runs`);

/** The scripts index.html loads, and the modules they import statically (what the browser fetches first). */
async function firstLoadScripts(distDir: string): Promise<string[]> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const queue = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/([^"]+\.js)"/g)].map(
    (m) => m[1] ?? '',
  );
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.pop() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    const source = await readFile(path.join(distDir, file), 'utf8');
    for (const match of source.matchAll(/(?:^|[;}\s])import\s*(?:[\w{},*\s]+from\s*)?["']\.\/([^"']+\.js)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(file), match[1] ?? ''));
    }
  }
  return [...seen];
}

const distDir = path.join(PROJECT_ROOT, 'dist/web');
const scripts = await firstLoadScripts(distDir);
let gzipped = 0;
for (const file of scripts) gzipped += gzipSync(await readFile(path.join(distDir, file)), { level: 9 }).length;
console.log(
  `home page shell JS (index.html's scripts and their static imports): ${(gzipped / 1024).toFixed(1)} KB gzipped in ${scripts.length} files`,
);

// Idle memory in processes of its own (it builds the web app first if it has no build).
const idle = spawnSync(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'bench/startup/idle-memory.ts')], {
  stdio: 'inherit',
});
if (idle.status !== 0) process.exitCode = 1;
