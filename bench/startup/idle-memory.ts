/**
 * Idle memory of the compiled server (`node dist/server/index.js`, as `npm start` runs it):
 * started on the embedded PGlite (a fresh data directory, then the same directory again) and on
 * PostgreSQL (a database of its own on BENCH_DATABASE_URL's server, default
 * postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards), asked for `/` and
 * `/api/health`, left idle IDLE_SECONDS (5), then its RSS, V8 heap and external memory after a
 * full GC (read 1 s after it: memory-probe.mjs). IDLE_DATABASES=pglite or =postgres measures one of them only; NODE_ARGS adds node
 * options to the server's command line (to compare flags). With HEAP_SNAPSHOT_DIR set the server also
 * writes a heap snapshot there (summarise it with `npx tsx bench/startup/heap-summary.ts FILE`).
 * Builds the server first, and the web app when it has no build (the server holds it in memory).
 * Run: npx tsx bench/startup/idle-memory.ts (also part of `npm run bench startup`)
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../server/config/config.ts';
import { buildCompiledServer, spawnCompiledServer } from '../support/compiled-server.ts';
import { onScratchPostgres } from '../support/scratch-postgres.ts';

const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 5);
/** Extra node options for the server, to compare flags: NODE_ARGS='--max-semi-space-size=4'. */
const NODE_ARGS = (process.env.NODE_ARGS ?? '').split(' ').filter(Boolean);
const TARGETS_MB = { PostgreSQL: 150, 'PGlite, fresh data directory': 300, 'PGlite, existing data directory': 300 } as const;
const mb = (bytes: number) => Math.round(bytes / 1_048_576);

interface Memory {
  /** SETTLE_MS (1 s) after the full collection (memory-probe.mjs). */
  rss: number;
  /** The moment the collection returned, before V8 gave back the pages it freed. */
  rssAtGc: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  snapshot?: string;
}

function build(): void {
  if (!existsSync(path.join(PROJECT_ROOT, 'dist/web/index.html'))) {
    const args = [path.join(PROJECT_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'];
    const result = spawnSync(process.execPath, args, { cwd: PROJECT_ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`build failed: ${args.join(' ')}`);
  }
  buildCompiledServer();
}

/** Starts the compiled server with `env`, waits until it answers, idles, and reads its memory. */
async function idleMemory(env: Record<string, string>): Promise<Memory> {
  const server = await spawnCompiledServer(
    { ADMIN_PASSWORD: 'bench idle memory', ...env },
    {
      nodeArgs: ['--expose-gc', '--import', path.join(PROJECT_ROOT, 'bench/startup/memory-probe.mjs'), ...NODE_ARGS],
      readyPath: '/',
      echoStderr: false,
    },
  );
  try {
    await fetch(`${server.base}/api/health`);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    server.clearStderr();
    server.child.kill('SIGUSR2');
    for (let waited = 0; waited < 60_000; waited += 50) {
      const line = /\{"memoryProbe":(\{[^}]*\})\}/.exec(server.stderr())?.[1];
      if (line) return JSON.parse(line) as Memory;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no memory probe answer:\n${server.stderr()}`);
  } finally {
    await server.stop();
  }
}

function report(name: keyof typeof TARGETS_MB, memory: Memory): void {
  const over = mb(memory.rss) > TARGETS_MB[name] ? ' (OVER)' : '';
  console.log(
    `idle, ${name}: RSS ${mb(memory.rss)} MB (target ≤ ${TARGETS_MB[name]} MB${over}; ${mb(memory.rssAtGc)} MB the moment the collection returned); V8 heap used ${mb(memory.heapUsed)} of ${mb(memory.heapTotal)} MB; external ${mb(memory.external)} MB (array buffers ${mb(memory.arrayBuffers)} MB)${memory.snapshot ? `; heap snapshot ${memory.snapshot}` : ''}`,
  );
}

build();

const only = process.env.IDLE_DATABASES;

if (only !== 'postgres') {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hireassist-bench-idle-'));
  try {
    report('PGlite, fresh data directory', await idleMemory({ DATA_DIR: dataDir }));
    // The same directory again: a restart, as every start after the first one.
    report('PGlite, existing data directory', await idleMemory({ DATA_DIR: dataDir }));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (only !== 'pglite') {
  await onScratchPostgres(async (url) => {
    const emptyDir = await mkdtemp(path.join(tmpdir(), 'hireassist-bench-idle-'));
    try {
      report('PostgreSQL', await idleMemory({ DATABASE_URL: url, DATA_DIR: emptyDir }));
    } finally {
      await rm(emptyDir, { recursive: true, force: true });
    }
  });
}
