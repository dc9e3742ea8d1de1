/**
 * Load generation shared by the benches: autocannon in a child process of its own, pinned to
 * its own core when `taskset` exists and the machine has two or more, so the server under test
 * and the load generator do not take turns on one core. Servers started with `pinnedCommand`
 * go on core 0, the load generator on core 1.
 */
import { execFile, spawnSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from '../../server/config/config.ts';

const AUTOCANNON = path.join(PROJECT_ROOT, 'node_modules/autocannon/autocannon.js');

/** True when each process can be given a core of its own. */
export const CAN_PIN = availableParallelism() >= 2 && spawnSync('taskset', ['--version']).status === 0;

/** `[command, ...args]` run on `core` when pinning is possible, as is otherwise. */
export function pinnedCommand(core: number, command: string, args: readonly string[]): [string, string[]] {
  return CAN_PIN ? ['taskset', ['-c', String(core), command, ...args]] : [command, [...args]];
}

export const SERVER_CORE = 0;
export const LOAD_CORE = 1;

/**
 * Moves this process (every thread, and the threads it starts later) to the server core:
 * for benches whose server runs in the bench's own process, so the server and the raw
 * rates it is compared with get the same single core.
 */
export function pinThisProcessToServerCore(): void {
  if (CAN_PIN) spawnSync('taskset', ['-a', '-p', '-c', String(SERVER_CORE), String(process.pid)], { stdio: 'ignore' });
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  headers?: Readonly<Record<string, string>>;
  body?: string;
}

export interface LoadResult {
  perSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  const args = [AUTOCANNON, '--json', '-c', String(options.connections), '-d', String(options.seconds)];
  if (options.method) args.push('-m', options.method);
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}=${value}`);
  if (options.body !== undefined) args.push('-b', options.body);
  args.push(options.url);
  const [command, commandArgs] = pinnedCommand(LOAD_CORE, process.execPath, args);
  const { stdout } = await promisify(execFile)(command, commandArgs, { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as {
    requests: { average: number };
    non2xx: number;
    errors: number;
    latency: { p50: number; p99: number };
  };
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** The 1-minute load average, printed beside each figure: the machine is shared. */
export const loadAverage = (): string => (loadavg()[0] ?? 0).toFixed(2);

/** How the load was placed on cores, for the printed report. */
export const PINNING = CAN_PIN
  ? `server on core ${SERVER_CORE}, autocannon on core ${LOAD_CORE} (taskset)`
  : 'not pinned (no taskset or a single core)';
