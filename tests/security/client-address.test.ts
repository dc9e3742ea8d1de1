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

/**
 * One subscriber holds a whole IPv6 /64 and can send every request from another address in it.
 * Every per-client limit counts the /64 as one client, as the admin login and contact limits do.
 */
describe('an IPv6 client rotating its address within its /64', () => {
  let rotation = 0;
  const nextAddressIn = (prefix: string) => {
    rotation += 1;
    return `${prefix}:${rotation.toString(16)}:0:0:${(rotation * 7).toString(16)}`;
  };
  const ATTACKER = '2001:db8:aa:1';
  const NEIGHBOUR = '2001:db8:aa:2';

  it('is refused by the affiliate form past its limit, while the next /64 is not', async () => {
    const apply = (prefix: string, attempt: number) =>
      fetch(`${t.server.url}/api/affiliates/applications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddressIn(prefix) },
        body: JSON.stringify({
          firstName: 'Mallory',
          lastName: `Rotates ${attempt}`,
          email: `mallory-${attempt}@example.com`,
          experience: 'intermediate',
        }),
      });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) statuses.push((await apply(ATTACKER, attempt)).status);
    expect(statuses.slice(0, 10)).toEqual(Array<number>(10).fill(201));
    expect(statuses[10]).toBe(429);
    expect((await apply(NEIGHBOUR, 99)).status).toBe(201);
  });

  it("is refused by the identity service's per-address limit, while the next /64 is not", async () => {
    const signIn = (prefix: string) =>
      cognitoFrom(
        t.server,
        'InitiateAuth',
        { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'nobody@example.com', PASSWORD: 'Wrong-Password-1' } },
        nextAddressIn(prefix),
      );
    const types: string[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const body = (await (await signIn(ATTACKER)).json()) as { __type?: string };
      types.push(body.__type ?? '');
    }
    expect(types.slice(0, 5)).not.toContain('TooManyRequestsException');
    expect(types[5]).toBe('TooManyRequestsException');
    const other = (await (await signIn(NEIGHBOUR)).json()) as { __type?: string };
    expect(other.__type).not.toBe('TooManyRequestsException');
  });

  it("is refused by the hosted sign-in's per-address limit", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await fetch(`${t.server.url}/cognito/oauth2/authorize?client_id=x`, {
        headers: { 'x-forwarded-for': nextAddressIn('2001:db8:aa:3') },
        redirect: 'manual',
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(statuses[5]).toBe(429);
  });
});

/**
 * Some load balancers (Azure Application Gateway among them) write the client's address with its
 * source port, `198.51.100.12:50123` or `[2001:db8::1]:50123`, and the port is new on every
 * connection: the limits must count the address, not the connection.
 */
describe('a proxy that writes the client address with its source port', () => {
  let port = 40_000;
  const withPort = (address: string) => {
    port += 1;
    return address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`;
  };

  it('still has the admin login limit refuse the 11th wrong password from one address', async () => {
    const statuses: number[] = [];
    for (let guess = 0; guess < 11; guess += 1) {
      const response = await login(t.server, `wrong-${guess}`, { 'x-forwarded-for': withPort('198.51.100.12') });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array<number>(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it("still has the identity service's per-address limit count an IPv6 client's /64", async () => {
    const types: string[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await cognitoFrom(
        t.server,
        'InitiateAuth',
        { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'nobody@example.com', PASSWORD: 'Wrong-Password-1' } },
        withPort(`2001:db8:bb:1::${attempt + 1}`),
      );
      types.push(((await response.json()) as { __type?: string }).__type ?? '');
    }
    expect(types[5]).toBe('TooManyRequestsException');
  });
});
