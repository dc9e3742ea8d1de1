import { performance } from 'node:perf_hooks';
import { ForgotPasswordCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LOGIN_LIMITS } from '../../server/features/admin/login-limits.ts';
import { FREE_FAILURES, lockAfterFailure } from '../../server/identity/lockout.ts';
import { MAX_CODE_SENDS_PER_HOUR } from '../../server/identity/verification.ts';
import { login } from '../server/admin/admin-client.ts';
import { CLIENT_ID, failure, PASSWORD, type IdentityTestServer } from '../server/identity/support.ts';
import { ADMIN_PASSWORD, median, startSecurityServer } from './support.ts';

/**
 * Guessing passwords: the identity service's lockout and the admin login limit hold, also
 * against parallel guesses; and nothing (message, status, limits, timing) tells an attacker
 * whether an account exists, on sign-in and on password recovery.
 */

const WRONG = 'Wrong-Password-1';

let t: IdentityTestServer;
beforeAll(async () => {
  // The per-address limits (requests and mails) are raised so these many calls from one address test the per-user rules.
  t = await startSecurityServer({
    IDENTITY_RATE_LIMIT_PER_IP: '100000',
    MAIL_QUOTA_PER_CLIENT_PER_HOUR: '100000',
    MAIL_QUOTA_PER_DOMAIN_PER_HOUR: '100000',
  });
});
afterAll(() => t.close());

const signIn = (username: string, password: string) =>
  t.client.send(
    new InitiateAuthCommand({
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: username, PASSWORD: password },
    }),
  );
const forgot = (username: string) => t.client.send(new ForgotPasswordCommand({ ClientId: CLIENT_ID, Username: username }));

/** What a caller sees of a failed call: exception name, message and HTTP status. */
const seen = async (call: Promise<unknown>) => failure(call);

describe('identity lockout', () => {
  it(`locks after ${FREE_FAILURES} failures with NotAuthorizedException, doubling the lock each further failure`, async () => {
    await t.createUser('lockout@example.com');
    for (let attempt = 1; attempt <= FREE_FAILURES; attempt++) {
      expect(await seen(signIn('lockout@example.com', WRONG))).toEqual({
        name: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
        status: 400,
      });
    }
    // Locked for 1 s: the right password is refused too.
    expect(await seen(signIn('lockout@example.com', PASSWORD))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
    t.clock.advance(1100);
    await seen(signIn('lockout@example.com', WRONG)); // sixth failure: 2 s
    t.clock.advance(1500);
    expect((await seen(signIn('lockout@example.com', PASSWORD))).message).toBe('Password attempts exceeded');
    t.clock.advance(600);
    await seen(signIn('lockout@example.com', WRONG)); // seventh failure: 4 s
    t.clock.advance(3500);
    expect((await seen(signIn('lockout@example.com', PASSWORD))).message).toBe('Password attempts exceeded');
    t.clock.advance(600);
    await expect(signIn('lockout@example.com', PASSWORD)).resolves.toMatchObject({
      AuthenticationResult: { AccessToken: expect.any(String) },
    });
  });

  it('counts 30 parallel guesses: afterwards the account is locked, even for the right password', async () => {
    await t.createUser('parallel@example.com');
    const results = await Promise.all(Array.from({ length: 30 }, () => seen(signIn('parallel@example.com', WRONG))));
    expect(results.every((result) => result.name === 'NotAuthorizedException')).toBe(true);
    const row = await t.server.app.database.db
      .selectFrom('identity_users')
      .select(['failed_sign_ins', 'last_failed_sign_in_at', 'locked_until'])
      .where('email', '=', 'parallel@example.com')
      .executeTakeFirstOrThrow();
    expect(row.failed_sign_ins).toBeGreaterThanOrEqual(FREE_FAILURES);
    // At least the lock the last count calls for: an earlier guess finishing late must not shorten it.
    const due = lockAfterFailure(row.failed_sign_ins, row.last_failed_sign_in_at?.getTime() ?? 0);
    expect(row.locked_until?.getTime()).toBeGreaterThanOrEqual(due?.getTime() ?? Infinity);
    expect((await seen(signIn('parallel@example.com', PASSWORD))).message).toBe('Password attempts exceeded');
  });

  it(`checks only ${FREE_FAILURES} of 20 guesses sent at once, for an account and for a name nobody has alike`, () =>
    // The clock held: on a loaded machine the last call could come after the one-second lock.
    t.clock.held(async () => {
      await t.createUser('burst@example.com');
      const burst = async (username: string) => {
        const results = await Promise.all(Array.from({ length: 20 }, () => seen(signIn(username, WRONG))));
        return results.map(({ name, message }) => `${name}: ${message}`).sort();
      };
      // The guesses past the free failures wait for the checks in flight, then meet the lock those earned.
      const expected = [
        ...Array<string>(FREE_FAILURES).fill('NotAuthorizedException: Incorrect username or password.'),
        ...Array<string>(20 - FREE_FAILURES).fill('NotAuthorizedException: Password attempts exceeded'),
      ].sort();
      expect(await burst('burst@example.com')).toEqual(expected);
      expect(await burst('burst.nobody@example.com')).toEqual(expected);
      expect((await seen(signIn('burst@example.com', PASSWORD))).message).toBe('Password attempts exceeded');
    }));

  it('locks a name nobody has after 30 parallel guesses for at least as long as its last count calls for', async () => {
    await Promise.all(Array.from({ length: 30 }, () => seen(signIn('parallel.nobody@example.com', WRONG))));
    const rows = await t.server.app.database.db
      .selectFrom('identity_unknown_logins')
      .select(['failed_sign_ins', 'last_failed_sign_in_at', 'locked_until'])
      .execute();
    const row = rows.find((candidate) => candidate.failed_sign_ins >= FREE_FAILURES);
    const due = lockAfterFailure(row?.failed_sign_ins ?? 0, row?.last_failed_sign_in_at?.getTime() ?? 0);
    expect(row?.locked_until?.getTime()).toBeGreaterThanOrEqual(due?.getTime() ?? Infinity);
  });
});

describe('no user enumeration by message or status', () => {
  it('answers a wrong password and an unknown user alike on sign-in', async () => {
    await t.createUser('known@example.com');
    expect(await seen(signIn('nobody-here@example.com', WRONG))).toEqual(await seen(signIn('known@example.com', WRONG)));
  });

  it(`answers alike once either has failed ${FREE_FAILURES} times (the lockout says nothing about existence)`, async () => {
    await t.createUser('known-locked@example.com');
    const known: Awaited<ReturnType<typeof seen>>[] = [];
    const unknown: Awaited<ReturnType<typeof seen>>[] = [];
    for (let attempt = 0; attempt <= FREE_FAILURES; attempt++) {
      known.push(await seen(signIn('known-locked@example.com', WRONG)));
      unknown.push(await seen(signIn('nobody-locked@example.com', WRONG)));
    }
    expect(unknown).toEqual(known);
  });

  it('answers ForgotPassword for an unknown user like for a known one, masked destination included', async () => {
    await t.createUser('recover@example.com');
    const known = await forgot('recover@example.com');
    const unknown = await forgot('recovex@example.com');
    expect(unknown.CodeDeliveryDetails).toEqual(known.CodeDeliveryDetails);
    expect(Object.keys(unknown.$metadata)).toEqual(Object.keys(known.$metadata));
    expect(unknown.$metadata.httpStatusCode).toBe(known.$metadata.httpStatusCode);
  });

  it(`answers ForgotPassword alike past the limit of ${MAX_CODE_SENDS_PER_HOUR} codes an hour`, async () => {
    await t.createUser('recover-often@example.com');
    const outcome = (call: Promise<unknown>) =>
      call.then(
        () => 'sent',
        (error: unknown) => `${(error as Error).name}: ${(error as Error).message}`,
      );
    const known: string[] = [];
    const unknown: string[] = [];
    for (let attempt = 0; attempt <= MAX_CODE_SENDS_PER_HOUR; attempt++) {
      known.push(await outcome(forgot('recover-often@example.com')));
      unknown.push(await outcome(forgot('recover-never@example.com')));
    }
    expect(unknown).toEqual(known);
  });
});

describe('no user enumeration by timing (the issue asks for within 20 ms)', () => {
  const TRIES = 21;

  /** Median milliseconds of `tries` calls each of `a` and `b`, interleaved so load hits both alike. */
  async function medians(a: (i: number) => Promise<unknown>, b: (i: number) => Promise<unknown>) {
    const timed = async (call: () => Promise<unknown>) => {
      const start = performance.now();
      await call().catch(() => undefined);
      return performance.now() - start;
    };
    for (let i = 0; i < 3; i++) await Promise.all([timed(() => a(-1)), timed(() => b(-1))]); // warm-up
    const timesA: number[] = [];
    const timesB: number[] = [];
    // Alternating which goes first cancels any drift in the machine's load between the two.
    for (let i = 0; i < TRIES; i++) {
      if (i % 2 === 0) {
        timesA.push(await timed(() => a(i)));
        timesB.push(await timed(() => b(i)));
      } else {
        timesB.push(await timed(() => b(i)));
        timesA.push(await timed(() => a(i)));
      }
    }
    return { a: median(timesA), b: median(timesB) };
  }

  it('sign-in: a wrong password for an existing user and any password for an unknown one', async () => {
    // Four guesses per account stay under the lockout, which would otherwise answer early.
    const accounts = Array.from({ length: Math.ceil((TRIES + 3) / (FREE_FAILURES - 1)) }, (_, i) => `timing-${i}@example.com`);
    for (const account of accounts) await t.createUser(account);
    const existing = (i: number) => signIn(accounts[(i + 3) % accounts.length] ?? '', WRONG);
    const unknown = (i: number) => signIn(`timing-unknown-${i + 3}@example.com`, WRONG);
    const { a, b } = await medians(existing, unknown);
    console.info(`sign-in median: existing ${a.toFixed(1)} ms, unknown ${b.toFixed(1)} ms`);
    expect(Math.abs(a - b)).toBeLessThan(20);
  });

  it('ForgotPassword: an existing user and an unknown one', async () => {
    const accounts = Array.from(
      { length: Math.ceil((TRIES + 3) / (MAX_CODE_SENDS_PER_HOUR - 1)) },
      (_, i) => `reset-${i}@example.com`,
    );
    for (const account of accounts) await t.createUser(account);
    const existing = (i: number) => forgot(accounts[(i + 3) % accounts.length] ?? '');
    const unknown = (i: number) => forgot(`reset-unknown-${i + 3}@example.com`);
    const { a, b } = await medians(existing, unknown);
    console.info(`ForgotPassword median: existing ${a.toFixed(1)} ms, unknown ${b.toFixed(1)} ms`);
    expect(Math.abs(a - b)).toBeLessThan(20);
  });
});

describe('admin login limit', () => {
  it(`lets at most ${ADMIN_LOGIN_LIMITS.perIpPerHour} of 30 parallel guesses be tried, then refuses with 429 JSON`, async () => {
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => login(t.server, `guess number ${i}`)));
    const statuses = results.map((response) => response.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(ADMIN_LOGIN_LIMITS.perIpPerHour);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    const blocked = await login(t.server, ADMIN_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('content-type')).toMatch(/application\/json/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await blocked.json()).toEqual({ success: false, error: expect.stringMatching(/Too many failed login attempts/) });
  });
});
