/**
 * The identity service under load, with 10,000 users seeded through the database (one
 * precomputed argon2id hash; 10,000 real sign-ups would take minutes). Each rate is
 * measured with autocannon (a separate process, 16 requests in flight) against the real
 * server in this process, beside the raw cost of the cryptography it cannot avoid.
 * Run: npm run bench identity
 */
import { execFile } from 'node:child_process';
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { hash, verify } from '@node-rs/argon2';
import { buildApp } from '../../server/app.ts';
import { loadConfig, PROJECT_ROOT } from '../../server/config/config.ts';
import { createIdentityAdminClient } from '../../server/identity/index.ts';
import { ARGON2_OPTIONS } from '../../server/identity/passwords.ts';

const USERS = 10_000;
const IN_FLIGHT = 16;
const SECONDS = 8;
const PASSWORD = 'Bench-Password-1';

const dataDir = await mkdtemp(path.join(tmpdir(), 'hireassist-bench-identity-'));
const config = loadConfig({
  LOG_LEVEL: 'silent',
  HOST: '127.0.0.1',
  PORT: '0',
  DATA_DIR: dataDir,
  // The limits guard a real site; here one address sends everything on purpose.
  IDENTITY_RATE_LIMIT_PER_IP: '10000000',
  IDENTITY_RATE_LIMIT_PER_USER: '10000000',
});
const app = await buildApp(config);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('no address');
const endpoint = `http://127.0.0.1:${address.port}/cognito/`;
const { db } = app.database;

async function seed(): Promise<void> {
  const passwordHash = await hash(PASSWORD, ARGON2_OPTIONS);
  const now = Date.now();
  for (let start = 0; start < USERS; start += 1000) {
    const rows = Array.from({ length: 1000 }, (_, offset) => {
      const index = start + offset;
      const created = new Date(now - (USERS - index) * 1000);
      return {
        username: `user-${String(index).padStart(5, '0')}`,
        email: `user${index}@bench.example`,
        email_verified: true,
        pending_email: null,
        given_name: `Given${index}`,
        family_name: `Family${index}`,
        phone_number: null,
        status: 'CONFIRMED' as const,
        enabled: true,
        password_hash: passwordHash,
        identities: null,
        failed_sign_ins: 0,
        last_failed_sign_in_at: null,
        locked_until: null,
        created_at: created,
        updated_at: created,
      };
    });
    await db.insertInto('identity_users').values(rows).execute();
  }
}

async function call(operation: string, body: object): Promise<Record<string, unknown>> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`${operation}: ${JSON.stringify(json)}`);
  return json;
}

interface LoadResult {
  perSecond: number;
  non2xx: number;
  errors: number;
  p50: number;
  p99: number;
}

/** autocannon in its own process, so the server keeps this process's core to itself. */
async function load(operation: string, body: object, seconds = SECONDS): Promise<LoadResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      path.join(PROJECT_ROOT, 'node_modules/autocannon/autocannon.js'),
      '--json',
      '-c',
      String(IN_FLIGHT),
      '-d',
      String(seconds),
      '-m',
      'POST',
      '-H',
      'content-type=application/x-amz-json-1.1',
      '-H',
      `x-amz-target=AWSCognitoIdentityProviderService.${operation}`,
      '-b',
      JSON.stringify(body),
      endpoint,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const result = JSON.parse(stdout) as {
    requests: { average: number };
    non2xx: number;
    errors: number;
    latency: { p50: number; p99: number };
  };
  return {
    perSecond: result.requests.average,
    non2xx: result.non2xx,
    errors: result.errors,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

/** Runs `task` with IN_FLIGHT at once for `seconds` and returns completions per second. */
async function rawRate(task: () => Promise<unknown>, seconds = 4): Promise<number> {
  let done = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (performance.now() < until) {
        await task();
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

/** Runs `task` back to back on this thread for `seconds` and returns completions per second. */
function syncRate(task: () => unknown, seconds = 3): number {
  let done = 0;
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    task();
    done++;
  }
  return done / ((performance.now() - started) / 1000);
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const describe = (result: LoadResult) =>
  `${result.perSecond.toFixed(0)}/s (p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors})`;

try {
  const seedStarted = performance.now();
  await seed();
  console.log(`seeded ${USERS} users in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  const memoryBefore = process.memoryUsage();

  const clientId = config.identity.clientId;
  const signInBody = {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: 'user4242@bench.example', PASSWORD },
  };

  // 1. Password sign-ins against raw argon2id verifications.
  const storedHash = await hash(PASSWORD, ARGON2_OPTIONS);
  const rawArgonTask = () => verify(storedHash, PASSWORD);
  const rawArgonBefore = await rawRate(rawArgonTask);
  const signIns = await load('InitiateAuth', signInBody);
  // The machine is shared: the raw rate is taken before and after the load and averaged.
  const rawArgon = (rawArgonBefore + (await rawRate(rawArgonTask))) / 2;
  console.log(`raw argon2id verifications:       ${rawArgon.toFixed(1)}/s (mean of before and after)`);
  console.log(`USER_PASSWORD_AUTH sign-ins:      ${describe(signIns)}`);
  console.log(`  ratio to raw argon2id:          ${(signIns.perSecond / rawArgon).toFixed(2)} (bar >= 0.80)`);

  // 2. Refreshes against raw RS256 signatures (two per refresh).
  const signedIn = (await call('InitiateAuth', signInBody)).AuthenticationResult as { RefreshToken: string; AccessToken: string };
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const payload = randomBytes(600);
  const rawRsaTask = () =>
    new Promise((resolve, reject) =>
      sign('sha256', payload, privateKey, (error, signature) => (error ? reject(error) : resolve(signature))),
    );
  const rawRsaBefore = await rawRate(rawRsaTask);
  const refreshes = await load('InitiateAuth', {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: clientId,
    AuthParameters: { REFRESH_TOKEN: signedIn.RefreshToken },
  });
  const rawRsa = (rawRsaBefore + (await rawRate(rawRsaTask))) / 2;
  const rawRsaOneCore = syncRate(() => sign('sha256', payload, privateKey));
  console.log(
    `raw RS256 signatures, all cores:  ${rawRsa.toFixed(0)}/s (16 in flight on the thread pool; mean of before and after)`,
  );
  console.log(`REFRESH_TOKEN_AUTH:               ${describe(refreshes)}`);
  console.log(`  ratio to half the raw rate:     ${(refreshes.perSecond / (rawRsa / 2)).toFixed(2)} (bar >= 0.80)`);
  console.log(`raw RS256 signatures, one core:   ${rawRsaOneCore.toFixed(0)}/s (synchronous loop)`);
  console.log(`  ratio to half of that:          ${(refreshes.perSecond / (rawRsaOneCore / 2)).toFixed(2)}`);

  // 3. GetUser: signature, expiry and revocation checked on every call.
  const getUser = await load('GetUser', { AccessToken: signedIn.AccessToken });
  console.log(`GetUser:                          ${describe(getUser)} (bar >= 5000/s)`);

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
  console.log(`ListUsers walk:                   ${walked} users in ${pages} pages, ${walkSeconds.toFixed(2)} s (bar <= 2 s)`);

  const memoryAfter = process.memoryUsage();
  console.log(
    `server memory (RSS / heap used):  before ${mb(memoryBefore.rss)} / ${mb(memoryBefore.heapUsed)}, after ${mb(memoryAfter.rss)} / ${mb(memoryAfter.heapUsed)}`,
  );
} finally {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}
