/**
 * Idle memory of the compiled server (`node dist/server/index.js`, as `npm start` runs it):
 * started on the embedded PGlite (a fresh data directory) and on PostgreSQL (a database of its
 * own on BENCH_DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres,
 * dropped afterwards), asked for `/` and `/api/health`, left idle IDLE_SECONDS (5), then its
 * RSS, V8 heap and external memory after a full GC. With HEAP_SNAPSHOT_DIR set the server also
 * writes a heap snapshot there (summarise it with `npx tsx bench/startup/heap-summary.ts FILE`).
 * Builds the server first, and the web app when it has no build (the server holds it in memory).
 * Run: npx tsx bench/startup/idle-memory.ts (also part of `npm run bench startup`)
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../server/config/config.ts';
import { onScratchPostgres } from '../support/scratch-postgres.ts';
import { freePort } from '../../tests/support/free-port.ts';

const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 5);
const TARGETS_MB = { PostgreSQL: 150, PGlite: 300 } as const;
const mb = (bytes: number) => Math.round(bytes / 1_048_576);

interface Memory {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  snapshot?: string;
}

function build(): void {
  const steps: string[][] = [[path.join(PROJECT_ROOT, 'scripts/build-server.mjs')]];
  if (!existsSync(path.join(PROJECT_ROOT, 'dist/web/index.html'))) {
    steps.unshift([path.join(PROJECT_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn']);
  }
  for (const args of steps) {
    const result = spawnSync(process.execPath, args, { cwd: PROJECT_ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`build failed: ${args.join(' ')}`);
  }
}

/** Starts the compiled server with `env`, waits until it answers, idles, and reads its memory. */
async function idleMemory(env: Record<string, string>): Promise<Memory> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', path.join(PROJECT_ROOT, 'bench/startup/memory-probe.mjs'), 'dist/server/index.js'],
    {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ADMIN_PASSWORD: 'bench idle memory',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/`)).status === 200) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await fetch(`http://127.0.0.1:${port}/api/health`);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    output = '';
    child.kill('SIGUSR2');
    for (let waited = 0; waited < 60_000; waited += 50) {
      const line = /\{"memoryProbe":(\{[^}]*\})\}/.exec(output)?.[1];
      if (line) return JSON.parse(line) as Memory;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no memory probe answer:\n${output}`);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

function report(name: keyof typeof TARGETS_MB, memory: Memory): void {
  const over = mb(memory.rss) > TARGETS_MB[name] ? ' (OVER)' : '';
  console.log(
    `idle, ${name}: RSS ${mb(memory.rss)} MB (target ≤ ${TARGETS_MB[name]} MB${over}); V8 heap used ${mb(memory.heapUsed)} of ${mb(memory.heapTotal)} MB; external ${mb(memory.external)} MB (array buffers ${mb(memory.arrayBuffers)} MB)${memory.snapshot ? `; heap snapshot ${memory.snapshot}` : ''}`,
  );
}

build();

const dataDir = await mkdtemp(path.join(tmpdir(), 'hireassist-bench-idle-'));
try {
  report('PGlite', await idleMemory({ DATA_DIR: dataDir }));
} finally {
  await rm(dataDir, { recursive: true, force: true });
}

await onScratchPostgres(async (url) => {
  const emptyDir = await mkdtemp(path.join(tmpdir(), 'hireassist-bench-idle-'));
  try {
    report('PostgreSQL', await idleMemory({ DATABASE_URL: url, DATA_DIR: emptyDir }));
  } finally {
    await rm(emptyDir, { recursive: true, force: true });
  }
});
