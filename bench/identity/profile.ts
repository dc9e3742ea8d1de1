/**
 * Where a sign-in's time goes: the real server in this process (as the identity bench runs it,
 * on the server core, embedded PGlite or BENCH_DATABASE_URL), a load of one kind from a process
 * of its own on the load core, and V8's sampling profiler (node:inspector) running only while
 * the load does. Prints the CPU per operation, the self time grouped by where the code lives
 * (our identity code, Kysely, PGlite's WebAssembly, Fastify, node's internals, GC, ...), the
 * functions with the most self time, and the inclusive time of the service's own functions;
 * writes the .cpuprofile for Chrome's DevTools or speedscope.
 * Run: npx tsx bench/identity/profile.ts [srp|refresh|password] [seconds]
 */
import { Session, type Profiler } from 'node:inspector/promises';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { sql } from 'kysely';
import { PROJECT_ROOT } from '../../server/config/config.ts';
import { ARGON2_OPTIONS } from '../../server/identity/passwords.ts';
import { callOperation, loadSrpSignIns, srpLogins, startBenchServer } from './bench-server.ts';
import { load, pinThisProcessToServerCore, type LoadResult } from '../support/load.ts';

const kind = (process.argv[2] ?? 'srp') as 'srp' | 'refresh' | 'password';
const SECONDS = Number(process.argv[3] ?? 8);
const IN_FLIGHT = 16;
const PASSWORD = 'Bench-Password-1';
const LOGIN = 'user42@bench.example';

pinThisProcessToServerCore();
const { app, config, endpoint, removeData } = await startBenchServer('hireassist-profile-identity-');
const clientId = config.identity.clientId;
const call = (operation: string, body: object) => callOperation(endpoint, operation, body);

let logins: string[] = [];
const srpLoad = (seconds: number): Promise<LoadResult> =>
  loadSrpSignIns({ endpoint, config }, { logins, password: PASSWORD, inFlight: IN_FLIGHT, seconds });

const passwordBody = { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: LOGIN, PASSWORD } };
let refreshBody: object = {};
const run = (seconds: number): Promise<LoadResult> => {
  const autocannon = (body: object) =>
    load({
      url: endpoint,
      connections: IN_FLIGHT,
      seconds,
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      body: JSON.stringify(body),
    });
  if (kind === 'srp') return srpLoad(seconds);
  return autocannon(kind === 'refresh' ? refreshBody : passwordBody);
};

/** Where a frame's code lives. */
function placeOf(frame: Profiler.ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (url === '') {
    if (functionName.startsWith('(')) return functionName;
    return '(native or builtin)';
  }
  if (url.startsWith('wasm://')) return 'wasm (PGlite Postgres)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0] ?? ''}`;
  const relative = url.replace(/^file:\/\//, '').replace(`${PROJECT_ROOT}/`, '');
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(relative);
  if (modules) return `npm ${modules[1] ?? ''}`;
  return relative.split('/').slice(0, 2).join('/');
}

function summarise(profile: Profiler.Profile, operations: number): string[] {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let index = 0; index < samples.length; index++) {
    const id = samples[index] ?? 0;
    self.set(id, (self.get(id) ?? 0) + (deltas[index] ?? 0) / 1000);
  }
  const total = [...self.values()].reduce((sum, value) => sum + value, 0);
  const idle = [...self.entries()].filter(([id]) => nodes.get(id)?.callFrame.functionName === '(idle)');
  const idleMs = idle.reduce((sum, [, ms]) => sum + ms, 0);
  const busy = total - idleMs;
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, ms] of self) {
    const node = nodes.get(id);
    if (!node) continue;
    const place = placeOf(node.callFrame);
    byPlace.set(place, (byPlace.get(place) ?? 0) + ms);
    const name = `${node.callFrame.functionName || '(anonymous)'} ${place === 'server/identity' || place.startsWith('server') ? node.callFrame.url.split('/').slice(-2).join('/') : place}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    // Inclusive time of our own functions (each counted once per sample, however deep the recursion).
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = nodes.get(at)?.callFrame;
      if (!frame || !frame.url.includes('/server/')) continue;
      const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/server/')[1] ?? ''}:${frame.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
    }
  }
  const perOp = (ms: number) => `${(ms / operations).toFixed(3)} ms/op`;
  const top = (map: Map<string, number>, count: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, ms]) => `  ${perOp(ms).padStart(14)}  ${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${name}`);
  return [
    `main thread busy ${busy.toFixed(0)} ms (${perOp(busy)}), idle ${idleMs.toFixed(0)} ms, ${operations} operations`,
    'self time by place:',
    ...top(byPlace, 25),
    'self time by function:',
    ...top(byFunction, 45),
    'inclusive time of server functions:',
    ...top(inclusive, 60),
  ];
}

try {
  await sql`insert into identity_users (username, email, email_verified, given_name, family_name, status, enabled,
      password_hash, failed_sign_ins, created_at, updated_at)
    select 'user-' || lpad(g::text, 5, '0'), 'user' || g || '@bench.example', true, 'Given' || g, 'Family' || g,
      'CONFIRMED', true, ${await hash(PASSWORD, ARGON2_OPTIONS)}, 0, now(), now()
    from generate_series(0, 999) g`.execute(app.database.db);
  // The password sign-ins give the accounts verifiers (SRP), the first one a refresh token.
  logins = await srpLogins(endpoint, clientId, PASSWORD, { first: 100, count: IN_FLIGHT });
  const signedIn = (await call('InitiateAuth', passwordBody)).AuthenticationResult as { RefreshToken: string };
  refreshBody = { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: clientId, AuthParameters: { REFRESH_TOKEN: signedIn.RefreshToken } };
  // Warm-up: the hot paths reach V8's optimising tier before the profile starts.
  await run(SECONDS);
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  const cpuBefore = process.cpuUsage();
  await session.post('Profiler.start');
  const result = await run(SECONDS);
  const { profile } = await session.post('Profiler.stop');
  const cpu = process.cpuUsage(cpuBefore);
  session.disconnect();
  const operations = Math.round(result.perSecond * SECONDS);
  console.log(
    `${kind}: ${result.perSecond.toFixed(1)}/s (p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.errors + result.non2xx} errors); process CPU ${((cpu.user + cpu.system) / 1000 / operations).toFixed(2)} ms/op (all threads)`,
  );
  for (const line of summarise(profile, operations)) console.log(line);
  const file = path.join(tmpdir(), `identity-${kind}-${Date.now()}.cpuprofile`);
  await writeFile(file, JSON.stringify(profile));
  console.log(`profile: ${file}`);
} finally {
  await app.close();
  await removeData();
}
