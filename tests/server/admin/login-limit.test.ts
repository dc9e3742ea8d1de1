import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LOGIN_LIMITS } from '../../../server/features/admin/login-limits.ts';
import { addressKey } from '../../../server/http/rate-limit/address-key.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { ADMIN_PASSWORD, login } from './admin-client.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD } });
});
afterAll(() => server.close());

describe('admin login rate limit', () => {
  it(`blocks an address after ${ADMIN_LOGIN_LIMITS.perIpPerHour} failures an hour, even with the right password`, async () => {
    for (let i = 0; i < ADMIN_LOGIN_LIMITS.perIpPerHour; i++) {
      expect((await login(server, `guess ${i}`)).status).toBe(401);
    }
    const blocked = await login(server, ADMIN_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(3000);
    const body = (await blocked.json()) as { success: boolean; error: string };
    expect(body.success).toBe(false);
    expect(body.error).toMatch(/^Too many failed login attempts from your address\. Try again in \d+ minutes\.$/);
    // The refusal is counted in the rate-limit store: a flood of refusals writes no rows.
    const outcomes = await server.app.database.db.selectFrom('admin_login_attempts').select('outcome').execute();
    expect(outcomes.map((row) => row.outcome)).toEqual(Array.from({ length: ADMIN_LOGIN_LIMITS.perIpPerHour }, () => 'failed'));
  });

  it('lets the address in again once its failures are older than an hour', async () => {
    const db = server.app.database.db;
    await db
      .updateTable('admin_login_attempts')
      .set({ created_at: new Date(Date.now() - ADMIN_LOGIN_LIMITS.windowMs - 1000) })
      .execute();
    expect((await login(server)).status).toBe(200);
  });

  it(`slows logins from unknown devices after ${ADMIN_LOGIN_LIMITS.globalPerHour} failures an hour from anywhere, without refusing the right password`, async () => {
    const db = server.app.database.db;
    await db
      .insertInto('admin_login_attempts')
      .values(
        Array.from({ length: ADMIN_LOGIN_LIMITS.globalPerHour }, (_, i) => ({
          ip: `198.51.100.${i % 250}`,
          outcome: 'failed' as const,
        })),
      )
      .execute();
    const started = Date.now();
    const slowed = await login(server, ADMIN_PASSWORD);
    expect(slowed.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(ADMIN_LOGIN_LIMITS.slowDownMs - 50);
  });
});

describe('the address failures are counted under', () => {
  it.each([
    ['203.0.113.5', '203.0.113.5'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::ffff:7f00:1', '127.0.0.1'],
    ['203.0.113.5:50123', '203.0.113.5'],
    ['[2001:db8:1:2::7]:50123', '2001:db8:1:2::/64'],
    ['[::ffff:203.0.113.5]', '203.0.113.5'],
    ['not-an-address:80', 'not-an-address:80'],
  ])('%s counts as %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });
});
