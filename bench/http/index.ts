/**
 * Server throughput against a bare `node:http` server serving the same bytes, in the same run.
 * The real server (the built web app, embedded PGlite) and the bare one (bench/http/bare.ts,
 * replaying the real server's recorded responses with the same headers and the same
 * compression) each run in a process of their own on core 0; autocannon runs on core 1.
 * For index.html, a hashed asset, /api/config and /api/health: RUNS alternating runs of each,
 * medians and the ratio (bar >= 0.8 of bare). Then the database-backed
 * /api/storychief/stories and /api/admin/leads (LEADS leads, a real admin token):
 * requests per second and p99. The server's RSS idle and after the load.
 * Run: npm run bench http   (builds the web app into a temporary folder first, unless
 * WEB_DIST_DIR names a build; RUNS and SECONDS change the runs)
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../server/config/config.ts';
import { CAN_PIN, PINNING, SERVER_CORE, load, loadAverage, median, type LoadResult } from '../support/load.ts';
import { record } from './recording.ts';

const RUNS = Number(process.env.RUNS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 5);
const CONNECTIONS = 10;
const BAR = 0.8;
const LEADS = 1000;
const ADMIN_PASSWORD = 'bench-http-admin-password';
/** What a browser sends; the bare server replays whichever encoding the real server chose. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

const workDir = await mkdtemp(path.join(tmpdir(), 'hireassist-bench-http-'));
const distDir = process.env.WEB_DIST_DIR ?? path.join(workDir, 'dist');
const children: ChildProcess[] = [];

/** Starts a TypeScript entry in its own process, on the server core, and waits for its port. */
async function startProcess(
  entry: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(path.join(import.meta.dirname, entry), args, {
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  children.push(child);
  if (CAN_PIN && child.pid !== undefined) spawnSync('taskset', ['-a', '-p', '-c', String(SERVER_CORE), String(child.pid)]);
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code}`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Resident memory of a process in MB, from /proc (Linux). */
async function rssMb(pid: number | undefined): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

function checked(label: string, result: LoadResult): LoadResult {
  if (result.errors > 0 || result.non2xx > 0)
    throw new Error(`${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result;
}

const rows: string[] = [];
const row = (...cells: string[]) => rows.push(`| ${cells.join(' | ')} |`);

try {
  if (!process.env.WEB_DIST_DIR) {
    const build = spawnSync('npx', ['vite', 'build', '--outDir', distDir, '--logLevel', 'warn'], {
      cwd: PROJECT_ROOT,
      stdio: 'inherit',
      env: { ...process.env, WEB_DIST_DIR: distDir },
    });
    if (build.status !== 0) throw new Error('web build failed');
  }
  const entryScript = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(
    await readFile(path.join(distDir, 'index.html'), 'utf8'),
  )?.[1];
  if (!entryScript) throw new Error('no entry script in index.html');

  const real = await startProcess('server.ts', [String(LEADS)], {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: path.join(workDir, 'data'),
    WEB_DIST_DIR: distDir,
    ADMIN_PASSWORD,
  });
  // Idle: once start-up's garbage (module compilation, migrations, the seeding) has settled.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const idleRss = await rssMb(real.child.pid);

  const staticPaths = [
    ['index.html (GET /)', '/'],
    [`hashed asset (${entryScript})`, entryScript],
    ['/api/config', '/api/config'],
    ['/api/health', '/api/health'],
  ] as const;
  const recordings = await Promise.all(staticPaths.map(([, urlPath]) => record(real.url, urlPath, BROWSER_HEADERS)));
  const recordingFile = path.join(workDir, 'recordings.json');
  await writeFile(recordingFile, JSON.stringify(recordings));
  const bare = await startProcess('bare.ts', [recordingFile], {});

  console.log(
    `${RUNS} alternating runs of ${SECONDS} s each, ${CONNECTIONS} connections, ${PINNING}, ` +
      `server LOG_LEVEL ${process.env.LOG_LEVEL ?? 'info (the default)'}`,
  );
  row('path', 'bytes (encoding)', 'server req/s', 'bare req/s', 'ratio', 'server p99', 'bare p99', 'load avg');
  row('---', '---', '---', '---', '---', '---', '---', '---');
  let allWithinBar = true;
  for (const [index, [label, urlPath]] of staticPaths.entries()) {
    const recording = recordings[index];
    if (!recording || recording.status !== 200) throw new Error(`${urlPath}: status ${recording?.status}`);
    const options = { connections: CONNECTIONS, seconds: SECONDS, headers: BROWSER_HEADERS };
    await load({ ...options, url: real.url + urlPath, seconds: 1 }); // warm-up (JIT)
    await load({ ...options, url: bare.url + urlPath, seconds: 1 });
    const serverRuns: LoadResult[] = [];
    const bareRuns: LoadResult[] = [];
    for (let run = 0; run < RUNS; run++) {
      serverRuns.push(checked(label, await load({ ...options, url: real.url + urlPath })));
      bareRuns.push(checked(`bare ${label}`, await load({ ...options, url: bare.url + urlPath })));
    }
    const serverRate = median(serverRuns.map((r) => r.perSecond));
    const bareRate = median(bareRuns.map((r) => r.perSecond));
    const ratio = serverRate / bareRate;
    if (ratio < BAR) allWithinBar = false;
    const bytes = Buffer.from(recording.body, 'base64').length;
    row(
      label,
      `${bytes} (${recording.headers['content-encoding'] ?? 'identity'})`,
      serverRate.toFixed(0),
      bareRate.toFixed(0),
      `${ratio.toFixed(2)}${ratio < BAR ? ' (UNDER 0.8)' : ''}`,
      `${median(serverRuns.map((r) => r.p99))} ms`,
      `${median(bareRuns.map((r) => r.p99))} ms`,
      loadAverage(),
    );
  }
  await stop(bare.child);

  const login = await fetch(`${real.url}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: ADMIN_PASSWORD }),
  });
  const { token } = (await login.json()) as { token?: string };
  if (!token) throw new Error(`admin login failed: ${login.status}`);
  const dbPaths = [
    ['/api/storychief/stories (50 a page)', '/api/storychief/stories?page=1&per_page=50&status=published', {}],
    [`/api/admin/leads (${LEADS} leads)`, '/api/admin/leads', { authorization: `Bearer ${token}` }],
  ] as const;
  const dbRows: string[] = ['| path | req/s | p50 | p99 | load avg |', '| --- | --- | --- | --- | --- |'];
  for (const [label, urlPath, headers] of dbPaths) {
    const options = {
      url: real.url + urlPath,
      connections: CONNECTIONS,
      seconds: SECONDS,
      headers: { ...BROWSER_HEADERS, ...headers },
    };
    await load({ ...options, seconds: 1 });
    const runs: LoadResult[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(checked(label, await load(options)));
    dbRows.push(
      `| ${label} | ${median(runs.map((r) => r.perSecond)).toFixed(0)} | ${median(runs.map((r) => r.p50))} ms | ` +
        `${median(runs.map((r) => r.p99))} ms | ${loadAverage()} |`,
    );
  }
  const loadedRss = await rssMb(real.child.pid);

  console.log('\nStatic and config responses, real server vs bare node:http (medians):\n');
  console.log(rows.join('\n'));
  console.log(`\nDatabase-backed routes (embedded PGlite, medians of ${RUNS} runs):\n`);
  console.log(dbRows.join('\n'));
  console.log(`\nServer RSS: idle ${idleRss.toFixed(0)} MB, after the load runs ${loadedRss.toFixed(0)} MB`);
  console.log(allWithinBar ? `All ratios within the bar (>= ${BAR}).` : `Some ratios are under the bar (>= ${BAR}).`);
} finally {
  await Promise.all(children.map(stop));
  await rm(workDir, { recursive: true, force: true });
}
