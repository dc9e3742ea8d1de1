import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LOGIN_LIMITS } from '../../server/features/admin/login-limits.ts';
import { DEVICE_COOKIE } from '../../server/features/admin/known-device.ts';
import { adminLogin } from '../support/admin-login.ts';
import { captureLog } from '../support/log-capture.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { ADMIN_PASSWORD } from './support.ts';

/**
 * Nobody can lock the operator out: after a flood of wrong guesses from ten addresses, the
 * operator's known device (the signed cookie its last login set) logs in at once, from its own
 * address and from one of the flooding addresses, while strangers' guesses are still refused
 * or slowed. The server believes X-Forwarded-For from loopback (TRUST_PROXY), so each request
 * here speaks as the client address it names.
 */

const log = captureLog();

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD, TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'warn' }, logStream: log.stream });
});
afterAll(() => server?.close());

/** A login from `address`, with the device cookie when one is given; how long it took too. */
async function loginFrom(address: string, password: string, cookie?: string) {
  const started = performance.now();
  const response = await adminLogin(server, password, {
    'x-forwarded-for': address,
    ...(cookie ? { cookie: `${DEVICE_COOKIE}=${cookie}` } : {}),
  });
  const body = (await response.json()) as { success: boolean; token?: string; error?: string };
  return { status: response.status, body, setCookie: response.headers.get('set-cookie'), ms: performance.now() - started };
}

/** The device cookie's value in a Set-Cookie header. */
function deviceCookieOf(setCookie: string | null): string {
  const value = new RegExp(`^${DEVICE_COOKIE}=([^;]+)`).exec(setCookie ?? '')?.[1];
  if (!value) throw new Error(`no device cookie in ${setCookie}`);
  return value;
}

const OPERATOR_ADDRESS = '203.0.113.10';
const FLOODERS = Array.from({ length: 10 }, (_, i) => `198.51.100.${i + 1}`);

describe('a flood of wrong guesses does not lock the operator out', () => {
  let device = '';

  it('a successful login sets the known-device cookie: HttpOnly, SameSite=Strict, path /api/admin', async () => {
    const first = await loginFrom(OPERATOR_ADDRESS, ADMIN_PASSWORD);
    expect(first.status).toBe(200);
    expect(first.setCookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=`));
    const attributes = (first.setCookie ?? '').split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=strict', 'path=/api/admin']));
    // PUBLIC_URL is http here; an https PUBLIC_URL adds Secure (tested below).
    expect(attributes).not.toContain('secure');
    device = deviceCookieOf(first.setCookie);
  });

  it(`${ADMIN_LOGIN_LIMITS.globalPerHour} wrong guesses from ${FLOODERS.length} addresses are all tried and refused`, async () => {
    const perAddress = ADMIN_LOGIN_LIMITS.globalPerHour / FLOODERS.length;
    const results = await Promise.all(
      FLOODERS.flatMap((address) => Array.from({ length: perAddress }, (_, n) => loginFrom(address, `guess ${address} ${n}`))),
    );
    expect(results.map((result) => result.status)).toEqual(results.map(() => 401));
    // Each flooding address is now over its limit.
    const again = await loginFrom(FLOODERS[0] ?? '', 'one more guess');
    expect(again.status).toBe(429);
    expect(again.body.error).toMatch(/^Too many failed login attempts from your address\. Try again in \d+ minutes\.$/);
  });

  it('the known device logs in at once from its own address', async () => {
    const known = await loginFrom(OPERATOR_ADDRESS, ADMIN_PASSWORD, device);
    expect(known.status).toBe(200);
    expect(known.body.token).toMatch(/\./);
    expect(known.ms).toBeLessThan(ADMIN_LOGIN_LIMITS.slowDownMs);
    // Each login renews the cookie, for the same device.
    expect(deviceCookieOf(known.setCookie).split('.')[0]).toBe(device.split('.')[0]);
  });

  it('the known device logs in at once from an address that guessed wrong ten times', async () => {
    const known = await loginFrom(FLOODERS[3] ?? '', ADMIN_PASSWORD, device);
    expect(known.status).toBe(200);
    expect(known.ms).toBeLessThan(ADMIN_LOGIN_LIMITS.slowDownMs);
  });

  it("a stranger's guesses from a flooding address are refused, even the right password without the cookie", async () => {
    expect((await loginFrom(FLOODERS[3] ?? '', 'a stranger guessing')).status).toBe(429);
    expect((await loginFrom(FLOODERS[3] ?? '', ADMIN_PASSWORD)).status).toBe(429);
  });

  it('a forged or altered device cookie is no device', async () => {
    const [id = '', issued = '', signature = ''] = device.split('.');
    const altered = `${id}.${Number(issued) + 1}.${signature}`;
    const forged = `${'A'.repeat(22)}.${issued}.${'B'.repeat(43)}`;
    expect((await loginFrom(FLOODERS[5] ?? '', ADMIN_PASSWORD, altered)).status).toBe(429);
    expect((await loginFrom(FLOODERS[5] ?? '', ADMIN_PASSWORD, forged)).status).toBe(429);
  });

  it(`a stranger from a fresh address is slowed (${ADMIN_LOGIN_LIMITS.slowDownMs} ms), refused, and the log warns`, async () => {
    const stranger = await loginFrom('192.0.2.77', 'a fresh guess');
    expect(stranger.status).toBe(401);
    expect(stranger.ms).toBeGreaterThanOrEqual(ADMIN_LOGIN_LIMITS.slowDownMs - 50);
    expect(log.text()).toMatch(/logins from unknown devices are slowed/);
  });

  it('the operator on a new device is slowed but let in, and that device is known from then on', async () => {
    const newDevice = await loginFrom('192.0.2.78', ADMIN_PASSWORD);
    expect(newDevice.status).toBe(200);
    expect(newDevice.ms).toBeGreaterThanOrEqual(ADMIN_LOGIN_LIMITS.slowDownMs - 50);
    const next = await loginFrom('192.0.2.78', ADMIN_PASSWORD, deviceCookieOf(newDevice.setCookie));
    expect(next.status).toBe(200);
    expect(next.ms).toBeLessThan(ADMIN_LOGIN_LIMITS.slowDownMs);
  });

  it('refused attempts are counted in the rate-limit store, not written to the database; the log says how many', async () => {
    const db = server.app.database.db;
    const outcomes = await db.selectFrom('admin_login_attempts').select('outcome').execute();
    expect(outcomes.filter((row) => row.outcome === 'rate-limited')).toEqual([]);
    expect(outcomes.filter((row) => row.outcome === 'failed')).toHaveLength(ADMIN_LOGIN_LIMITS.globalPerHour + 1);
    expect(log.text()).toMatch(/"refusedThisHour":1\b.*admin login: attempts refused/);
  });
});

describe('a known device has a budget of its own', () => {
  it(`a device cookie buys ${ADMIN_LOGIN_LIMITS.perDevicePerHour} wrong guesses an hour, then the device is a stranger again`, async () => {
    const address = '203.0.113.20';
    const login = await loginFrom(address, ADMIN_PASSWORD);
    // Under the pressure of the flood above, this new device was slowed first.
    expect(login.status).toBe(200);
    const cookie = deviceCookieOf(login.setCookie);
    for (let n = 0; n < ADMIN_LOGIN_LIMITS.perDevicePerHour; n++) {
      const guess = await loginFrom(`198.18.0.${n + 1}`, `device guess ${n}`, cookie);
      expect(guess.status).toBe(401);
      expect(guess.ms).toBeLessThan(ADMIN_LOGIN_LIMITS.slowDownMs);
    }
    // Over its budget the cookie exempts nothing: a new address is slowed like any stranger's.
    const over = await loginFrom('198.18.0.200', 'device guess over', cookie);
    expect(over.status).toBe(401);
    expect(over.ms).toBeGreaterThanOrEqual(ADMIN_LOGIN_LIMITS.slowDownMs - 50);
  });
});

describe('IPv6 clients are counted per /64', () => {
  let v6: TestServer;
  beforeAll(async () => {
    v6 = await startTestServer({ env: { ADMIN_PASSWORD, TRUST_PROXY: '127.0.0.1', PUBLIC_URL: 'https://admin.example.com' } });
  });
  afterAll(() => v6?.close());

  const loginV6 = (address: string, password: string) => adminLogin(v6, password, { 'x-forwarded-for': address });

  it(`${ADMIN_LOGIN_LIMITS.perIpPerHour} failures from addresses of one /64 lock the whole /64, not its neighbour`, async () => {
    for (let n = 0; n < ADMIN_LOGIN_LIMITS.perIpPerHour; n++) {
      expect((await loginV6(`2001:db8:1:2::${(n + 1).toString(16)}`, `v6 guess ${n}`)).status).toBe(401);
    }
    expect((await loginV6('2001:db8:1:2:ffff:ffff:ffff:fffe', 'another address, same /64')).status).toBe(429);
    expect((await loginV6('2001:db8:1:3::1', ADMIN_PASSWORD)).status).toBe(200);
  });

  it('with an https PUBLIC_URL the device cookie is Secure', async () => {
    const response = await loginV6('2001:db8:9::1', ADMIN_PASSWORD);
    expect(response.status).toBe(200);
    expect((response.headers.get('set-cookie') ?? '').split(';').map((part) => part.trim())).toContain('Secure');
  });
});
