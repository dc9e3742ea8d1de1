/**
 * The identity service under load, with 10,000 users seeded through the database (one
 * precomputed argon2id hash; 10,000 real sign-ups would take minutes). Each rate is
 * measured with autocannon (a separate process, 16 requests in flight) against the real
 * server in this process, beside the raw cost of the cryptography it cannot avoid.
 * Like for like: this process (server, its thread pool, and the raw-rate loops) runs on
 * core 0 and autocannon on core 1 (taskset, when there are two cores), so the service and
 * the raw rate it is compared with have the same single core; unpinned, the raw loops would
 * get both cores while the service shares them with the load generator.
 * Sign-ins and refreshes are also measured against a bare node:http floor (floor-server.ts)
 * doing only their cryptography, which splits the gap into Node's share and the service's.
 * Each comparison starts with one uncounted round (warm-up), then alternates PAIRS rounds.
 * The database is the embedded PGlite, which runs Postgres itself inside this process, on the
 * server's core. With BENCH_DATABASE_URL set to a PostgreSQL server, the bench creates a
 * database of its own there (dropped afterwards) and measures with PostgreSQL as its own server,
 * the shape of a production install; that server is not pinned.
 * Run: npm run bench identity
 */
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { hash, verify } from '@node-rs/argon2';
import { sql } from 'kysely';
import { createIdentityAdminClient } from '../../server/identity/index.ts';
import { ARGON2_OPTIONS, createPasswordHasher, type PasswordHasher } from '../../server/identity/passwords.ts';
import { readClientPublic, startExchange } from '../../server/identity/srp/exchange.ts';
import { powG } from '../../server/identity/srp/group.ts';
import { computeVerifier, createSrpContext } from '../../server/identity/srp/verifier.ts';
import { callOperation, loadSrpSignIns, srpLogins, startBenchServer } from './bench-server.ts';
import { startFloorServer, type FloorServer } from './floor-server.ts';
import { load, loadAverage, median, PINNING, pinThisProcessToServerCore, type LoadResult } from '../support/load.ts';

const USERS = 10_000;
const IN_FLIGHT = 16;
const SECONDS = 6;
/** Alternating rounds of raw-rate, floor and service runs; the shared machine drifts, so neighbours are compared. */
const PAIRS = 3;
const RAW_SECONDS = 4;
const SETTLE_MS = 1000;
const PASSWORD = 'Bench-Password-1';

pinThisProcessToServerCore();
const { app, config, endpoint, removeData } = await startBenchServer('hireassist-bench-identity-');
const call = (operation: string, body: object) => callOperation(endpoint, operation, body);
const { db } = app.database;

/**
 * One statement in the database: building 10,000 rows in JavaScript and sending them as
 * parameters left the PGlite process at about 900 MB before the first measurement.
 */
async function seed(): Promise<void> {
  const passwordHash = await hash(PASSWORD, ARGON2_OPTIONS);
  await sql`insert into identity_users (username, email, email_verified, given_name, family_name, status, enabled,
      password_hash, failed_sign_ins, created_at, updated_at)
    select 'user-' || lpad(g::text, 5, '0'), 'user' || g || '@bench.example', true, 'Given' || g, 'Family' || g,
      'CONFIRMED', true, ${passwordHash}, 0, now() - ((${USERS} - g) || ' seconds')::interval, now() - ((${USERS} - g) || ' seconds')::interval
    from generate_series(0, ${USERS - 1}) g`.execute(db);
}

/** autocannon in its own process (on its own core when possible) at IN_FLIGHT requests. */
const loadOperation = (operation: string, body: object, url = endpoint): Promise<LoadResult> =>
  load({
    url,
    connections: IN_FLIGHT,
    seconds: SECONDS,
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
    body: JSON.stringify(body),
  });

/**
 * PAIRS alternating rounds of the raw operation, the bare node:http floor and the service, each
 * checked for errors; returns the medians, so a burst of load from elsewhere on the machine
 * moves one run, not the figure.
 */
async function alternate<Result extends LoadResult>(
  label: string,
  raw: () => Promise<number>,
  floor: () => Promise<LoadResult>,
  service: () => Promise<Result>,
): Promise<{ raw: number; floor: number; service: Result; cpuMs: { raw: number; service: number } }> {
  const raws: number[] = [];
  const floors: number[] = [];
  const services: Result[] = [];
  // CPU time of this process (all its threads) per completed operation: where the time goes
  // when the service falls behind the raw rate.
  const cpu = { raw: [] as number[], service: [] as number[] };
  const cpuPerOperation = (since: NodeJS.CpuUsage, perSecond: number, seconds: number) => {
    const used = process.cpuUsage(since);
    return (used.user + used.system) / 1000 / (perSecond * seconds);
  };
  // One round first that is not counted: V8 and the WebAssembly engine compile the server's
  // hot paths (and PGlite's Postgres) to their optimising tiers over the first seconds of load,
  // and a long-running server is measured at its steady state.
  await raw();
  checked(`${label} floor`, await floor());
  await settle();
  checked(label, await service());
  await settle();
  for (let pair = 0; pair < PAIRS; pair++) {
    let since = process.cpuUsage();
    const rate = await raw();
    cpu.raw.push(cpuPerOperation(since, rate, RAW_SECONDS));
    raws.push(rate);
    floors.push(checked(`${label} floor`, await floor()).perSecond);
    await settle();
    since = process.cpuUsage();
    const result = checked(label, await service());
    cpu.service.push(cpuPerOperation(since, result.perSecond, SECONDS));
    services.push(result);
    await settle();
  }
  const middle = [...services].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(PAIRS / 2)];
  if (!middle) throw new Error(`${label}: no runs`);
  return {
    raw: median(raws),
    floor: median(floors),
    service: middle,
    cpuMs: { raw: median(cpu.raw), service: median(cpu.service) },
  };
}

/**
 * Waits for the requests a load run leaves behind: autocannon stops with up to IN_FLIGHT
 * sign-ins still queued for the hash (about 0.2 s of work), which would otherwise run during
 * the next measurement and be counted against it.
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

/** Runs `task` with `inFlight` at once for RAW_SECONDS and returns completions per second. */
async function rawRate(task: () => Promise<unknown>, inFlight = IN_FLIGHT): Promise<number> {
  let done = 0;
  const until = performance.now() + RAW_SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < until) {
        await task();
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
/**
 * The process's memory once garbage is collected (bench/run.ts starts benches with --expose-gc),
 * so "after" shows what the service keeps, not what the last run left for the collector.
 */
function keptMemory(): NodeJS.MemoryUsage {
  globalThis.gc?.();
  return process.memoryUsage();
}
const latency = (result: LoadResult) => `p50 ${result.p50} ms, p99 ${result.p99} ms`;
const checked = <Result extends LoadResult>(label: string, result: Result): Result => {
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
};
let floorServer: FloorServer | undefined;
let floorPasswords: PasswordHasher | undefined;
const rows = [
  '| figure | measured | reference | bare node:http floor | ratio | bar | load avg |',
  '| --- | --- | --- | --- | --- | --- | --- |',
];
/** The floor's rate, its share of the raw rate (Node's cost) and the service's share of it (ours). */
const floorCell = (floor: number, raw: number, service: number) =>
  `${floor.toFixed(floor < 1000 ? 1 : 0)}/s: ${(floor / raw).toFixed(2)} of raw; service ${(service / floor).toFixed(2)} of it`;
const row = (...cells: string[]) => {
  rows.push(`| ${cells.join(' | ')} |`);
  console.log(cells.join('  '));
};

try {
  const seedStarted = performance.now();
  await seed();
  console.log(`seeded ${USERS} users in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  const memoryBefore = keptMemory();

  const clientId = config.identity.clientId;
  const signInBody = {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: 'user4242@bench.example', PASSWORD },
  };

  console.log(
    `${process.env.BENCH_DATABASE_URL ? 'PostgreSQL as its own server (not pinned)' : 'embedded PGlite in this process'}; ${PINNING}; ${IN_FLIGHT} requests in flight, ${SECONDS} s a run, medians of ${PAIRS} alternating raw/floor/service rounds`,
  );
  // 1. Password sign-ins against raw argon2id verifications one per core, as the server runs
  // them; libuv's four pool threads at once (printed beside it) were far slower on an Intel
  // VM, their 19 MiB each evicting one another from the caches, and about level on an AMD one.
  const storedHash = await hash(PASSWORD, ARGON2_OPTIONS);
  const cores = availableParallelism();
  const rawArgonTask = () => verify(storedHash, PASSWORD);
  const poolWideArgon = await rawRate(rawArgonTask);
  floorPasswords = await createPasswordHasher();
  floorServer = await startFloorServer(floorPasswords, storedHash);
  const floorUrl = floorServer.url;
  const {
    raw: rawArgon,
    floor: signInFloor,
    service: signIns,
    cpuMs: signInCpu,
  } = await alternate(
    'sign-ins',
    () => rawRate(rawArgonTask, cores),
    () => loadOperation('InitiateAuth', signInBody, floorUrl),
    () => loadOperation('InitiateAuth', signInBody),
  );
  const signInRatio = signIns.perSecond / rawArgon;
  row(
    'USER_PASSWORD_AUTH sign-ins',
    `${signIns.perSecond.toFixed(1)}/s (${latency(signIns)})`,
    `raw argon2id verify ${rawArgon.toFixed(1)}/s at ${cores} a time (${poolWideArgon.toFixed(1)}/s at ${IN_FLIGHT} on the thread pool); CPU per op ${signInCpu.service.toFixed(1)} ms vs ${signInCpu.raw.toFixed(1)} ms raw`,
    floorCell(signInFloor, rawArgon, signIns.perSecond),
    signInRatio.toFixed(2),
    `>= 0.80${signInRatio < 0.8 ? ' (UNDER)' : ''}`,
    loadAverage(),
  );

  // 2. Refreshes against raw RS256 signatures (two per refresh), on the thread pool as the server signs.
  const signedIn = (await call('InitiateAuth', signInBody)).AuthenticationResult as { RefreshToken: string; AccessToken: string };
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const payload = randomBytes(600);
  const rawRsaTask = () =>
    new Promise((resolve, reject) =>
      sign('sha256', payload, privateKey, (error, signature) => (error ? reject(error) : resolve(signature))),
    );
  const refreshBody = {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: clientId,
    AuthParameters: { REFRESH_TOKEN: signedIn.RefreshToken },
  };
  const {
    raw: rawRsa,
    floor: refreshFloor,
    service: refreshes,
    cpuMs: refreshCpu,
  } = await alternate(
    'refreshes',
    () => rawRate(rawRsaTask),
    () => loadOperation('InitiateAuth', refreshBody, floorUrl),
    () => loadOperation('InitiateAuth', refreshBody),
  );
  const refreshRatio = refreshes.perSecond / (rawRsa / 2);
  row(
    'REFRESH_TOKEN_AUTH',
    `${refreshes.perSecond.toFixed(0)}/s (${latency(refreshes)})`,
    `raw RS256 sign ${rawRsa.toFixed(0)}/s, half ${(rawRsa / 2).toFixed(0)}/s; CPU per op ${refreshCpu.service.toFixed(2)} ms vs ${(2 * refreshCpu.raw).toFixed(2)} ms for two raw`,
    floorCell(refreshFloor, rawRsa / 2, refreshes.perSecond),
    refreshRatio.toFixed(2),
    `>= 0.80${refreshRatio < 0.8 ? ' (UNDER)' : ''}`,
    loadAverage(),
  );

  // 2b. GetTokensFromRefreshToken (how Amplify v6 refreshes) against REFRESH_TOKEN_AUTH, alternating
  // rounds in the same run (rotation off, Cognito's default: the same work, another operation).
  const getTokensBody = { ClientId: clientId, RefreshToken: signedIn.RefreshToken };
  const legacyRounds: number[] = [];
  const getTokensRounds: LoadResult[] = [];
  checked('GetTokensFromRefreshToken', await loadOperation('GetTokensFromRefreshToken', getTokensBody));
  await settle();
  for (let pair = 0; pair < PAIRS; pair++) {
    legacyRounds.push(checked('refreshes', await loadOperation('InitiateAuth', refreshBody)).perSecond);
    await settle();
    getTokensRounds.push(checked('GetTokensFromRefreshToken', await loadOperation('GetTokensFromRefreshToken', getTokensBody)));
    await settle();
  }
  const getTokens = [...getTokensRounds].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(PAIRS / 2)] ?? refreshes;
  const legacyRefresh = median(legacyRounds);
  const getTokensRatio = getTokens.perSecond / legacyRefresh;
  row(
    'GetTokensFromRefreshToken',
    `${getTokens.perSecond.toFixed(0)}/s (${latency(getTokens)})`,
    `REFRESH_TOKEN_AUTH ${legacyRefresh.toFixed(0)}/s in the rounds between`,
    '',
    getTokensRatio.toFixed(2),
    `>= 0.95${getTokensRatio < 0.95 ? ' (UNDER)' : ''}`,
    loadAverage(),
  );

  // 2c. SRP sign-ins (InitiateAuth + RespondToAuthChallenge through the SDK) against the same
  // big-number work in a loop here: the server's own exchange (g^b, v^u, (A·v^u)^b, HKDF, the
  // sealed block), and beside it that work plus the two RS256 signatures a sign-in also makes.
  // The raw exchange is user4242's; the SRP load signs in IN_FLIGHT accounts (srpLogins).
  const srp = createSrpContext(randomBytes(32), config.identity.userPoolId);
  const verifier = computeVerifier(srp.poolName, 'user-04242', PASSWORD, 'ab12');
  const clientPublic = readClientPublic(powG(randomBytes(32)).toString(16)) ?? 1n;
  const block = { username: 'user-04242', login: 'user4242@bench.example', clientId, salt: 'ab12', expiresAt: 0 };
  const rawExchangeTask = () => Promise.resolve(startExchange(srp, verifier, clientPublic, block));
  const rawWithTokens = await rawRate(() => Promise.all([rawExchangeTask(), rawRsaTask(), rawRsaTask()]));
  const logins = await srpLogins(endpoint, clientId, PASSWORD, { first: 4242, count: IN_FLIGHT });
  const {
    raw: rawExchange,
    service: srpSignIns,
    cpuMs: srpCpu,
  } = await alternate(
    'SRP sign-ins',
    () => rawRate(rawExchangeTask),
    // No bare floor for a two-step exchange: the raw loop stands in (its rate is printed there).
    () => Promise.resolve({ perSecond: 0, p50: 0, p99: 0, non2xx: 0, errors: 0 }),
    () => loadSrpSignIns({ endpoint, config }, { logins, password: PASSWORD, inFlight: IN_FLIGHT, seconds: SECONDS }),
  );
  const srpRatio = srpSignIns.perSecond / rawExchange;
  // The most the ratio can be on one core when a sign-in also signs its two tokens: the
  // exchange's time over the exchange's and two RS256 signatures' (both raw, this run).
  const srpCeiling = 1 / rawExchange / (1 / rawExchange + 2 / rawRsa);
  const clientCpu =
    srpSignIns.clientCpuMs === undefined ? '' : `; load generator CPU ${srpSignIns.clientCpuMs.toFixed(2)} ms a sign-in`;
  row(
    'USER_SRP_AUTH sign-ins (both steps, SDK)',
    `${srpSignIns.perSecond.toFixed(1)}/s (${latency(srpSignIns)})`,
    `raw SRP exchange ${rawExchange.toFixed(0)}/s; with two RS256 signatures ${rawWithTokens.toFixed(0)}/s (service ${(srpSignIns.perSecond / rawWithTokens).toFixed(2)} of it); ceiling with two RS256 ${srpCeiling.toFixed(2)}; CPU per op ${srpCpu.service.toFixed(2)} ms vs ${srpCpu.raw.toFixed(2)} ms raw${clientCpu}`,
    '',
    srpRatio.toFixed(2),
    `>= 0.80${srpRatio < 0.8 ? ' (UNDER)' : ''}`,
    loadAverage(),
  );

  // 3. GetUser: signature, expiry and revocation checked on every call.
  const getUser = checked('GetUser', await loadOperation('GetUser', { AccessToken: signedIn.AccessToken }));
  row(
    'GetUser (signature, expiry, revocation checked)',
    `${getUser.perSecond.toFixed(0)}/s (${latency(getUser)})`,
    '',
    '',
    '',
    `>= 5000/s${getUser.perSecond < 5000 ? ' (UNDER)' : ''}`,
    loadAverage(),
  );

  // 4. Walking every user with ListUsers, 60 a page, through the signed SDK client.
  const { client, userPoolId } = await createIdentityAdminClient({ identity: config.identity, db, server: app.server });
  const walkStarted = performance.now();
  let walked = 0;
  let pages = 0;
  let token: string | undefined;
  do {
    const page = await client.send(new ListUsersCommand({ UserPoolId: userPoolId, Limit: 60, PaginationToken: token }));
    walked += page.Users?.length ?? 0;
    pages++;
    token = page.PaginationToken;
  } while (token);
  const walkSeconds = (performance.now() - walkStarted) / 1000;
  client.destroy();
  row(
    `ListUsers walk, Limit 60`,
    `${walked} users in ${pages} pages, ${walkSeconds.toFixed(2)} s`,
    '',
    '',
    '',
    `<= 2 s${walkSeconds > 2 ? ' (OVER)' : ''}`,
    loadAverage(),
  );

  const memoryAfter = keptMemory();
  row(
    'server memory after a full collection (RSS / heap used)',
    `before ${mb(memoryBefore.rss)} / ${mb(memoryBefore.heapUsed)}, after ${mb(memoryAfter.rss)} / ${mb(memoryAfter.heapUsed)}`,
    '',
    '',
    '',
    '',
    loadAverage(),
  );
  console.log(`\n${rows.join('\n')}`);
} finally {
  await floorServer?.close();
  await floorPasswords?.close();
  await app.close();
  await removeData();
}
