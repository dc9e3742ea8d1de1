import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from '../../server/config/config.ts';
import { freePort } from '../../tests/support/free-port.ts';

/**
 * The checkout whose `dist/server/index.js` the benches run: this one, or BENCH_SERVER_ROOT
 * (another checkout, built there, with its own `dist/web`), to compare two versions on one
 * database in the same minutes.
 */
const SERVER_ROOT = process.env.BENCH_SERVER_ROOT ?? PROJECT_ROOT;

/** Builds the server (`dist/server`) as `npm run build` does; throws when the build fails. */
export function buildCompiledServer(): void {
  if (SERVER_ROOT !== PROJECT_ROOT) return;
  const built = spawnSync(process.execPath, [path.join(PROJECT_ROOT, 'scripts/build-server.mjs')], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the server build failed');
}

export interface CompiledServer {
  child: ChildProcess;
  pid: number;
  /** http://127.0.0.1:PORT */
  base: string;
  /** The last 20,000 characters the server wrote to its standard error. */
  stderr(): string;
  /** Forgets what standard error held so far (to read a probe's next answer). */
  clearStderr(): void;
  /** SIGTERM, and waits for the process to exit. */
  stop(): Promise<void>;
}

export interface SpawnOptions {
  /** Node options before the script (`--expose-gc`, `--import probe.mjs`, …). */
  nodeArgs?: readonly string[];
  /** Waits until this path answers 200 (default `/api/health`). */
  readyPath?: string;
  /** Echo the server's standard error (default true). */
  echoStderr?: boolean;
}

/**
 * Starts the compiled server as production runs it (`node dist/server/index.js`) on a free
 * loopback port, with `LOG_LEVEL=warn`, no AWS metadata lookups and `env` over the bench's own
 * environment, and waits until it answers. The benches that measure the server's own process
 * (its idle memory, its RSS during an export) start it here, so they measure the same thing.
 */
export async function spawnCompiledServer(env: Record<string, string>, options: SpawnOptions = {}): Promise<CompiledServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), 'dist/server/index.js'], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      AWS_EC2_METADATA_DISABLED: 'true',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (options.echoStderr !== false) process.stderr.write(chunk);
    output = (output + chunk.toString()).slice(-20_000);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const server: CompiledServer = {
    child,
    pid: child.pid ?? 0,
    base,
    stderr: () => output,
    clearStderr: () => void (output = ''),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  try {
    for (const deadline = Date.now() + 120_000; ;) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
      try {
        if ((await fetch(`${base}${options.readyPath ?? '/api/health'}`)).status === 200) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}
