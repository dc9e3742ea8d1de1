import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LOGIN_LIMITS } from '../../../server/features/admin/login-limits.ts';
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
    const outcomes = await server.app.database.db.selectFrom('admin_login_attempts').select('outcome').execute();
    expect(outcomes.at(-1)?.outcome).toBe('rate-limited');
  });

  it('lets the address in again once its failures are older than an hour', async () => {
    const db = server.app.database.db;
    await db
      .updateTable('admin_login_attempts')
      .set({ created_at: new Date(Date.now() - ADMIN_LOGIN_LIMITS.windowMs - 1000) })
      .execute();
    expect((await login(server)).status).toBe(200);
  });

  it(`pauses login for everyone after ${ADMIN_LOGIN_LIMITS.globalPerHour} failures an hour from anywhere`, async () => {
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
    const blocked = await login(server, ADMIN_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { error: string }).error).toMatch(/Admin login is paused for everyone/);
  });
});
