import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { ADMIN_PASSWORD, adminToken, bearer, login } from './admin-client.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD } });
});
afterAll(() => server.close());

/** Every admin route but login, with a request that would succeed with a valid token. */
const ROUTES: { method: string; path: string; body?: unknown }[] = [
  { method: 'GET', path: '/api/admin/auth/validate' },
  { method: 'GET', path: '/api/admin/leads' },
  { method: 'GET', path: '/api/admin/users' },
  { method: 'POST', path: '/api/admin/users/someone/enable' },
  { method: 'POST', path: '/api/admin/users/someone/disable' },
  { method: 'DELETE', path: '/api/admin/users/someone' },
  { method: 'GET', path: '/api/admin/audit' },
  { method: 'GET', path: '/api/admin/outbox' },
  { method: 'GET', path: '/api/admin/affiliate-applications' },
  { method: 'POST', path: '/api/admin/auth/logout' },
];

function call(route: (typeof ROUTES)[number], headers: Record<string, string>): Promise<Response> {
  return server.fetch(route.path, {
    method: route.method,
    headers: { ...headers, ...(route.body ? { 'content-type': 'application/json' } : {}) },
    ...(route.body ? { body: JSON.stringify(route.body) } : {}),
  });
}

describe('admin login', () => {
  it('answers a right password with a 256-bit token that expires in 12 hours', async () => {
    const before = Date.now();
    const response = await login(server);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { success: boolean; token: string; expiresAt: string };
    expect(body.success).toBe(true);
    const [, verifier = ''] = body.token.split('.');
    expect(Buffer.from(verifier, 'base64url')).toHaveLength(32);
    const ttl = new Date(body.expiresAt).getTime() - before;
    expect(ttl).toBeGreaterThan(12 * 3600_000 - 60_000);
    expect(ttl).toBeLessThanOrEqual(12 * 3600_000 + 60_000);
  });

  it('stores only a hash of the token', async () => {
    const token = await adminToken(server);
    const [selector = '', verifier = ''] = token.split('.');
    const row = await server.app.database.db
      .selectFrom('admin_tokens')
      .selectAll()
      .where('selector', '=', selector)
      .executeTakeFirstOrThrow();
    expect(row.verifier_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(verifier);
  });

  it("answers a wrong password with 401 and the fixed 'Invalid password'", async () => {
    const response = await login(server, 'not the password');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ success: false, error: 'Invalid password' });
  });

  it('refuses an empty or missing password with a clear 400', async () => {
    const empty = await login(server, '');
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: string }).error).toContain("'password'");
    const missing = await server.fetch('/api/admin/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(missing.status).toBe(400);
  });

  it('records every attempt the password was checked for (refusals are counted in the rate-limit store), and audits logins', async () => {
    const db = server.app.database.db;
    const attempts = await db.selectFrom('admin_login_attempts').select(['outcome']).execute();
    expect(attempts.filter((row) => row.outcome === 'succeeded').length).toBeGreaterThanOrEqual(2);
    expect(attempts.filter((row) => row.outcome === 'failed')).toHaveLength(1);
    const events = await db.selectFrom('audit_events').select(['event_type', 'ip']).execute();
    expect(events.map((event) => event.event_type)).toEqual(expect.arrayContaining(['admin.login', 'admin.login.failed']));
    expect(events[0]?.ip).toBe('127.0.0.1');
  });
});

describe('the authorization matrix: every admin route but login', () => {
  let expired: string;
  let revoked: string;
  beforeAll(async () => {
    expired = await adminToken(server);
    await server.app.database.db
      .updateTable('admin_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('selector', '=', expired.split('.')[0] ?? '')
      .execute();
    revoked = await adminToken(server);
    expect((await server.fetch('/api/admin/auth/logout', { method: 'POST', headers: bearer(revoked) })).status).toBe(200);
  });

  const refusals: [string, () => Record<string, string>][] = [
    ['no token', () => ({})],
    ['a malformed header', () => ({ authorization: 'Basic YWRtaW46YWRtaW4=' })],
    ['a malformed token', () => bearer('not-a-token')],
    ['a forged token', () => bearer(`${'A'.repeat(16)}.${'B'.repeat(43)}`)],
    ['an expired token', () => bearer(expired)],
    ['a revoked token', () => bearer(revoked)],
  ];
  for (const route of ROUTES) {
    for (const [name, headers] of refusals) {
      it(`${route.method} ${route.path} with ${name}: 401 {success: false, error}`, async () => {
        const response = await call(route, headers());
        expect(response.status).toBe(401);
        const body = (await response.json()) as { success: boolean; error: string };
        expect(body.success).toBe(false);
        expect(body.error).toMatch(/admin/i);
      });
    }
    it(`${route.method} ${route.path} with a valid token: not refused`, async () => {
      const response = await call(route, bearer(await adminToken(server)));
      // The user actions answer 404 here: 'someone' is not a user of the pool.
      expect(route.path.includes('someone') ? 404 : 200).toBe(response.status);
    });
  }

  it('a token with a right selector and a wrong verifier is refused', async () => {
    const token = await adminToken(server);
    const [selector] = token.split('.');
    const response = await server.fetch('/api/admin/leads', { headers: bearer(`${selector}.${'x'.repeat(43)}`) });
    expect(response.status).toBe(401);
  });
});

describe('validate and logout', () => {
  it('validate says {valid: true} for a live token, and logout ends it', async () => {
    const token = await adminToken(server);
    const valid = await server.fetch('/api/admin/auth/validate', { headers: bearer(token) });
    expect(await valid.json()).toEqual({ valid: true });
    const logout = await server.fetch('/api/admin/auth/logout', { method: 'POST', headers: bearer(token) });
    expect(await logout.json()).toEqual({ success: true });
    expect((await server.fetch('/api/admin/auth/validate', { headers: bearer(token) })).status).toBe(401);
    const events = await server.app.database.db.selectFrom('audit_events').select('event_type').execute();
    expect(events.map((event) => event.event_type)).toContain('admin.logout');
  });
});
