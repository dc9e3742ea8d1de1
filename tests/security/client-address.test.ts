import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin as login } from '../support/admin-login.ts';
import { ADMIN_PASSWORD, cognitoFrom, startSecurityServer } from './support.ts';
import type { IdentityTestServer } from '../server/identity/support.ts';

/**
 * The client address behind one proxy (TRUST_PROXY=1; the test itself is the proxy, on
 * loopback). An attacker writes whatever it likes on the left of X-Forwarded-For, and the
 * proxy appends the address it really saw on the right: every limit and every audit row
 * must key on that right part, however the left part rotates.
 */

const REAL_CLIENT = '198.51.100.9';
const OTHER_CLIENT = '198.51.100.77';
let t: IdentityTestServer;
let spoofs = 0;

/** A different forged left part on every request, the true address appended by the proxy. */
const forwardedFor = (client: string) => {
  spoofs += 1;
  return `10.${spoofs % 250}.${Math.floor(spoofs / 250)}.1, 203.0.113.${spoofs % 250}, ${client}`;
};

beforeAll(async () => {
  t = await startSecurityServer({ TRUST_PROXY: '1', IDENTITY_RATE_LIMIT_PER_IP: '5' });
});
afterAll(() => t.close());

const adminLogin = (client: string, password: string) => login(t.server, password, { 'x-forwarded-for': forwardedFor(client) });

describe('an attacker rotating the left part of X-Forwarded-For behind TRUST_PROXY=1', () => {
  it('is still refused by the admin login limit per address after 10 wrong passwords, while another client is not', async () => {
    for (let guess = 0; guess < 10; guess += 1) expect((await adminLogin(REAL_CLIENT, `wrong-${guess}`)).status).toBe(401);
    expect((await adminLogin(REAL_CLIENT, 'wrong-again')).status).toBe(429);
    expect((await adminLogin(OTHER_CLIENT, ADMIN_PASSWORD)).status).toBe(200);
  });

  it('cannot forge the address the audit log records for its failed logins', async () => {
    const rows = await t.server.app.database.db
      .selectFrom('audit_events')
      .select('ip')
      .where('event_type', '=', 'admin.login.failed')
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(new Set(rows.map((row) => row.ip))).toEqual(new Set([REAL_CLIENT]));
  });

  it("is still refused by the identity service's per-address limit", async () => {
    const signIn = (client: string) =>
      cognitoFrom(
        t.server,
        'InitiateAuth',
        { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'nobody@example.com', PASSWORD: 'Wrong-Password-1' } },
        forwardedFor(client),
      );
    const types: string[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const body = (await (await signIn(REAL_CLIENT)).json()) as { __type?: string };
      types.push(body.__type ?? '');
    }
    expect(types.slice(0, 5)).not.toContain('TooManyRequestsException');
    expect(types[5]).toBe('TooManyRequestsException');
    const other = (await (await signIn(OTHER_CLIENT)).json()) as { __type?: string };
    expect(other.__type).not.toBe('TooManyRequestsException');
  });
});
