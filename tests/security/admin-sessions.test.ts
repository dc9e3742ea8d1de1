import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LOGIN_LIMITS } from '../../server/features/admin/login-limits.ts';
import { DEVICE_COOKIE } from '../../server/features/admin/known-device.ts';
import { revokeAllAdminSessions } from '../../src-shared/domain/endpoints/admin.ts';
import {
  startServerProcess,
  temporaryPostgresDatabase,
  TEST_DATABASE_URL,
  type ServerProcess,
} from '../reliability/support/server-process.ts';
import { adminLogin } from '../support/admin-login.ts';
import { freshDataDir } from '../support/pglite-template.ts';
import { REDIS_URL, redisAvailable, requireInCi } from '../support/redis.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * Admin tokens end with the password they were issued under (a server restarted on the same
 * data with another ADMIN_PASSWORD), and "Sign out all admin sessions" ends every token, the
 * caller's too, on every instance.
 */

/** The real server on the data in `dataDir` (PGlite), as a restart of the same installation would be. */
function startOn(dataDir: string, adminPassword: string): Promise<TestServer> {
  return startTestServer({ dataDir, env: { ADMIN_PASSWORD: adminPassword } });
}

async function login(base: string, password: string, headers: Record<string, string> = {}) {
  const response = await adminLogin(base, password, headers);
  const body = (await response.json()) as { token?: string };
  return { status: response.status, token: body.token ?? '', setCookie: response.headers.get('set-cookie') ?? '' };
}

const leads = (base: string, token: string) =>
  fetch(`${base}/api/admin/leads`, { headers: { authorization: `Bearer ${token}` } }).then((response) => response.status);

const revokeAll = (base: string, token: string) =>
  fetch(`${base}${revokeAllAdminSessions.path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });

describe('a token is bound to the password it was issued under', () => {
  let dataDir: string;
  let dispose: () => Promise<void>;
  let running: TestServer | undefined;
  beforeAll(async () => {
    ({ dataDir, dispose } = await freshDataDir('hireassist-epoch-'));
  });
  afterAll(async () => {
    await running?.close();
    await dispose();
  });

  it('survives a restart with the same ADMIN_PASSWORD, and dies at a restart with another', async () => {
    running = await startOn(dataDir, 'the first admin password');
    const old = await login(running.url, 'the first admin password');
    expect(old.status).toBe(200);
    expect(await leads(running.url, old.token)).toBe(200);
    await running.close();

    running = await startOn(dataDir, 'the first admin password');
    expect(await leads(running.url, old.token)).toBe(200);
    await running.close();

    running = await startOn(dataDir, 'the second admin password');
    expect(await leads(running.url, old.token)).toBe(401);
    expect((await login(running.url, 'the first admin password')).status).toBe(401);
    const fresh = await login(running.url, 'the second admin password');
    expect(fresh.status).toBe(200);
    expect(await leads(running.url, fresh.token)).toBe(200);
  });
});

describe('Sign out all admin sessions', () => {
  let dispose: () => Promise<void>;
  let running: TestServer;
  beforeAll(async () => {
    const fresh = await freshDataDir('hireassist-revoke-all-');
    dispose = fresh.dispose;
    running = await startOn(fresh.dataDir, 'the revoke-all admin password');
  });
  afterAll(async () => {
    await running?.close();
    await dispose();
  });

  it('ends every admin token, the caller’s included, and is audited; a new login works', async () => {
    const desk = await login(running.url, 'the revoke-all admin password');
    const laptop = await login(running.url, 'the revoke-all admin password');
    expect(await leads(running.url, laptop.token)).toBe(200);

    const response = await revokeAll(running.url, desk.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(await leads(running.url, desk.token)).toBe(401);
    expect(await leads(running.url, laptop.token)).toBe(401);
    expect((await revokeAll(running.url, laptop.token)).status).toBe(401);

    const again = await login(running.url, 'the revoke-all admin password');
    expect(await leads(running.url, again.token)).toBe(200);
    const events = await running.app.database.db
      .selectFrom('audit_events')
      .select('event_type')
      .where('event_type', '=', 'admin.sessions.revoke-all')
      .execute();
    expect(events).toHaveLength(1);
  });

  it('refuses without a token, before anything else', async () => {
    const response = await fetch(`${running.url}${revokeAllAdminSessions.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"anything": true}',
    });
    expect(response.status).toBe(401);
  });
});

/** Two servers behind one load balancer: one PostgreSQL, one Redis, the proxy on loopback. */
const servicesReady = TEST_DATABASE_URL !== undefined && (await redisAvailable());
requireInCi(servicesReady, 'PostgreSQL (TEST_DATABASE_URL) and Redis');

describe.runIf(servicesReady)('two instances share the login counters, the known devices and the session epoch', () => {
  const password = 'the two-instances admin password';
  let database: Awaited<ReturnType<typeof temporaryPostgresDatabase>>;
  let first: ServerProcess;
  let second: ServerProcess;
  let redis: Redis;

  beforeAll(async () => {
    database = await temporaryPostgresDatabase();
    const env = { DATABASE_URL: database.url, REDIS_URL, TRUST_PROXY: '127.0.0.1', ADMIN_PASSWORD: password };
    [first, second] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    redis = new Redis(REDIS_URL);
  }, 120_000);
  afterAll(async () => {
    redis?.disconnect();
    await Promise.all([first?.kill(), second?.kill()]);
    await database?.dispose();
  });

  it('failures on both count toward one address limit; the device known on one is known on the other', async () => {
    const operator = await login(first.url, password, { 'x-forwarded-for': '203.0.113.50' });
    expect(operator.status).toBe(200);
    const cookie = /^[^;]+/.exec(operator.setCookie)?.[0] ?? '';
    expect(cookie.startsWith(`${DEVICE_COOKIE}=`)).toBe(true);

    const address = '198.51.100.50';
    const statuses: number[] = [];
    for (let n = 0; n <= ADMIN_LOGIN_LIMITS.perIpPerHour; n++) {
      const server = n % 2 === 0 ? first : second;
      statuses.push((await login(server.url, `guess ${n}`, { 'x-forwarded-for': address })).status);
    }
    expect(statuses).toEqual([...Array.from({ length: ADMIN_LOGIN_LIMITS.perIpPerHour }, () => 401), 429]);
    // Refusals are counted in the shared Redis, not written to the database.
    const refused = () => redis.get('hireassist:rate:admin-login:refused').then(Number);
    const before = await refused();
    expect((await login(first.url, password, { 'x-forwarded-for': address })).status).toBe(429);
    expect((await login(second.url, password, { 'x-forwarded-for': address })).status).toBe(429);
    expect(await refused()).toBe(before + 2);

    const known = await login(second.url, password, { 'x-forwarded-for': address, cookie });
    expect(known.status).toBe(200);
  });

  it('Sign out all on one instance ends the tokens the other issued', async () => {
    const fromFirst = await login(first.url, password, { 'x-forwarded-for': '203.0.113.51' });
    const fromSecond = await login(second.url, password, { 'x-forwarded-for': '203.0.113.51' });
    expect(await leads(first.url, fromSecond.token)).toBe(200);
    expect((await revokeAll(second.url, fromSecond.token)).status).toBe(200);
    expect(await leads(first.url, fromFirst.token)).toBe(401);
    expect(await leads(second.url, fromFirst.token)).toBe(401);
  });
});
