import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { PROJECT_ROOT } from '../../../server/config/config.ts';
import { openDatabase, type Database } from '../../../server/db/database.ts';
import { freePort } from '../../support/free-port.ts';
import { waitForHealth } from '../../support/health.ts';
import { freshDataDir } from '../../support/pglite-template.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  output(): string;
  /** Collects garbage in the server and returns its memory then (needs `memoryProbe`). */
  memoryAfterGc(): Promise<{ rss: number; heapUsed: number }>;
  /** SIGKILL if still running; waits for the exit. */
  kill(): Promise<void>;
}

/**
 * Runs `server/index.ts` as production does (node with tsx), on a free loopback port, and
 * waits until `/api/health` answers. `env` adds to a quiet, loopback-only environment.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { port?: number; memoryProbe?: boolean } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const probe = options.memoryProbe ? ['--expose-gc', '--import', path.join(import.meta.dirname, 'memory-probe.ts')] : [];
  const child = spawn(process.execPath, ['--import', 'tsx', ...probe, 'server/index.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      AWS_EC2_METADATA_DISABLED: 'true',
      ADMIN_PASSWORD: 'reliability-admin-password',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let probes: { rss: number; heapUsed: number }[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().match(/\{"memoryProbe":\{[^}]*\}\}/g) ?? []) {
      probes.push((JSON.parse(line) as { memoryProbe: { rss: number; heapUsed: number } }).memoryProbe);
    }
    // Keep the tail only: a long run must not grow the test's own memory.
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    child,
    url,
    port,
    exited,
    output: () => output,
    async memoryAfterGc() {
      probes = [];
      child.kill('SIGUSR2');
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline) {
        const probe = probes[0];
        if (probe) return probe;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the server did not report its memory (started without memoryProbe?)');
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  try {
    await waitForHealth(url, { timeoutMs: 90_000, exited, intervalMs: 150 });
    return server;
  } catch (error) {
    await server.kill();
    throw new Error(`${(error as Error).message}:\n${output}`, { cause: error });
  }
}

/** A temporary DATA_DIR for the embedded database (a copy of the run's migrated template). */
export function temporaryDataDir(): Promise<{ dataDir: string; dispose(): Promise<void> }> {
  return freshDataDir('hireassist-reliability-');
}

/**
 * A fresh PostgreSQL database of its own on the server `serverUrl` points at (by default
 * TEST_DATABASE_URL's), dropped afterwards.
 */
export async function temporaryPostgresDatabase(
  serverUrl = TEST_DATABASE_URL,
): Promise<{ url: string; dispose(): Promise<void> }> {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `scratch_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async dispose() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Opens the data a server process used, once that process has stopped (PGlite allows one opener). */
export function openServerData(target: { dataDir: string } | { url: string }): Promise<Database> {
  return 'dataDir' in target
    ? openDatabase({ kind: 'pglite', dataDir: target.dataDir })
    : openDatabase({ kind: 'postgres', url: target.url });
}

/** Stops a server with SIGTERM and returns its exit code. */
export async function stopServer(server: ServerProcess): Promise<number | null> {
  server.child.kill('SIGTERM');
  return server.exited;
}
