import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSigningUp } from '../../../server/features/accounts/referral-window.ts';
import { referralFromQuery } from '../../../src-shared/domain/accounts/referral.ts';
import { DAY, MINUTE } from '../../../server/identity/clock.ts';
import { startIdentityServer, type IdentityTestServer } from '../identity/support.ts';

/**
 * POST /api/referrals against the real server, on the embedded database and, when
 * TEST_DATABASE_URL is set, on PostgreSQL: what a referral may carry and when it is accepted.
 */
const databases = [['PGlite', false], ...(process.env.TEST_DATABASE_URL ? [['PostgreSQL', true] as const] : [])] as const;

describe.each(databases)('POST /api/referrals on %s', (_name, postgres) => {
  let t: IdentityTestServer;
  let accounts = 0;
  beforeAll(async () => {
    t = await startIdentityServer({}, { postgres });
  });
  afterAll(() => t.close());

  const post = (path: string, body: unknown) =>
    t.server.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  /** A new account, signed in: its id token. */
  async function newAccount(): Promise<string> {
    return (await t.signIn(await newEmail())).IdToken;
  }

  async function newEmail(): Promise<string> {
    const email = `customer-${++accounts}@example.com`;
    await t.createUser(email);
    return email;
  }

  /** A new account whose sign-up the web app has just reported (its lead): its id token. */
  async function signedUp(): Promise<string> {
    const idToken = await newAccount();
    expect((await post('/api/signup-leads', { idToken, source: 'hero_cta' })).status).toBe(201);
    return idToken;
  }

  const referralsOf = (idToken: string) =>
    t.server.app.database.db
      .selectFrom('account_referrals')
      .selectAll()
      .where('user_sub', '=', decodeJwt(idToken).sub ?? '')
      .execute();

  const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;

  it('records the referral that comes with the sign-up, captured when the link was followed', async () => {
    const idToken = await signedUp();
    const timestamp = t.clock.now() - 3 * DAY;
    const response = await post('/api/referrals', { idToken, referral: { partnerId: 'partner-1', timestamp } });
    expect(response.status).toBe(201);
    const rows = await referralsOf(idToken);
    expect(rows).toMatchObject([{ partner_id: 'partner-1' }]);
    expect(rows[0]?.captured_at.getTime()).toBe(timestamp);
  });

  it('tells a lead report sent again (its 201 lost) that the referral should still follow, until it is recorded or the sign-up is over', async () => {
    const idToken = await signedUp();
    const report = async () => {
      const response = await post('/api/signup-leads', { idToken, source: 'hero_cta' });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    expect(await report()).toEqual({ status: 200, body: { ok: true, signingUp: true } });
    const referral = { partnerId: 'partner-1', timestamp: t.clock.now() };
    expect((await post('/api/referrals', { idToken, referral })).status).toBe(201);
    // Recorded: the same report, or a second sign-in minutes later, leads to no second referral.
    expect(await report()).toEqual({ status: 200, body: { ok: true, signingUp: false } });
    expect((await post('/api/referrals', { idToken, referral })).status).toBe(200);
    expect(await referralsOf(idToken)).toHaveLength(1);
  });

  it("tells a returning customer's lead report that no referral follows", async () => {
    const email = await newEmail();
    const atSignUp = (await t.signIn(email)).IdToken;
    expect((await post('/api/signup-leads', { idToken: atSignUp, source: 'hero_cta' })).status).toBe(201);
    t.clock.advance(DAY);
    const response = await post('/api/signup-leads', { idToken: (await t.signIn(email)).IdToken, source: 'auth_dialog' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, signingUp: false });
  });

  it("records a link's long campaign, cut where the browser keeps it, when an emoji sits at the cut", async () => {
    const idToken = await signedUp();
    const campaign = `${'a'.repeat(199)}🚀 spring launch`;
    const captured = referralFromQuery(`?ps_partner_key=partner-2&utm_campaign=${encodeURIComponent(campaign)}`, t.clock.now());
    expect((await post('/api/referrals', { idToken, referral: captured })).status).toBe(201);
    expect(await referralsOf(idToken)).toMatchObject([{ partner_id: 'partner-2', utm_campaign: `${'a'.repeat(199)}🚀` }]);
  });

  it('refuses a referral long after the sign-up, with a 409 that says why (the auditor: 200 days later, dated 1970)', async () => {
    const email = await newEmail();
    const atSignUp = (await t.signIn(email)).IdToken;
    expect((await post('/api/signup-leads', { idToken: atSignUp, source: 'hero_cta' })).status).toBe(201);
    t.clock.advance(200 * DAY);
    const idToken = (await t.signIn(email)).IdToken;
    const late = await post('/api/referrals', {
      idToken,
      referral: { partnerId: 'partner-evil', referralKey: 'k', timestamp: t.clock.now() - DAY },
    });
    expect(late.status).toBe(409);
    expect(await errorOf(late)).toBe("A referral is accepted only within 10 minutes of the account's sign-up");
    const dated1970 = await post('/api/referrals', { idToken, referral: { partnerId: 'partner-evil', timestamp: 0 } });
    expect(dated1970.status).toBe(400);
    expect(await referralsOf(idToken)).toEqual([]);
  });

  it('refuses a referral 11 minutes after the sign-up', async () => {
    const idToken = await signedUp();
    t.clock.advance(11 * MINUTE);
    const response = await post('/api/referrals', { idToken, referral: { partnerId: 'partner-1', timestamp: t.clock.now() } });
    expect(response.status).toBe(409);
    expect(await referralsOf(idToken)).toEqual([]);
  });

  it('refuses a referral from an account whose sign-up was never reported', async () => {
    const idToken = await newAccount();
    const response = await post('/api/referrals', { idToken, referral: { partnerId: 'partner-1', timestamp: t.clock.now() } });
    expect(response.status).toBe(409);
    expect(await referralsOf(idToken)).toEqual([]);
  });

  it('refuses a referral from an old account that reports its sign-up lead only now (a returning sign-in)', async () => {
    const email = await newEmail();
    t.clock.advance(3 * DAY);
    const idToken = (await t.signIn(email)).IdToken;
    expect((await post('/api/signup-leads', { idToken, source: 'auth_dialog' })).status).toBe(201);
    const response = await post('/api/referrals', { idToken, referral: { partnerId: 'partner-1', timestamp: t.clock.now() } });
    expect(response.status).toBe(409);
    expect(await referralsOf(idToken)).toEqual([]);
  });

  it('refuses a capture time in the future or older than the 30-day referral window with a 400 naming it', async () => {
    const idToken = await signedUp();
    const now = t.clock.now();
    const refused = [
      [now + 10 * MINUTE, "'referral.timestamp' is in the future"],
      [now - 31 * DAY, "'referral.timestamp' is older than the 30-day referral window"],
      [0, "'referral.timestamp' is older than the 30-day referral window"],
    ] as const;
    for (const [timestamp, error] of refused) {
      const response = await post('/api/referrals', { idToken, referral: { partnerId: 'partner-1', timestamp } });
      expect(response.status, new Date(timestamp).toISOString()).toBe(400);
      expect(await errorOf(response)).toBe(error);
    }
    expect(await referralsOf(idToken)).toEqual([]);
    // A browser clock a minute fast, and a link followed 29 days ago, are within what is allowed.
    const fast = await post('/api/referrals', { idToken, referral: { partnerId: 'partner-1', timestamp: now + MINUTE } });
    expect(fast.status).toBe(201);
    const other = await signedUp();
    const old = await post('/api/referrals', { idToken: other, referral: { partnerId: 'partner-1', timestamp: now - 29 * DAY } });
    expect(old.status).toBe(201);
  });

  it('refuses a capture time past the year 9999 with a 400 naming it (the databases hold no later date)', async () => {
    const idToken = await newAccount();
    for (const timestamp of [Date.UTC(10_000, 0, 1), 8_000_000_000_000_000, 8_640_000_000_000_000]) {
      const response = await post('/api/referrals', { idToken, referral: { partnerId: 'p', timestamp } });
      expect(response.status, new Date(timestamp).toISOString()).toBe(400);
      expect(await errorOf(response)).toMatch(/'referral\.timestamp' must be <= 253402300799999/);
    }
    expect(await referralsOf(idToken)).toEqual([]);
  });
});

describe('the sign-up window itself', () => {
  const now = Date.UTC(2026, 10, 29, 12);
  const ago = (ms: number) => new Date(now - ms);

  it('with AWS Cognito, whose accounts the database does not date, the sign-up lead alone decides', () => {
    expect(isSigningUp({ leadRecordedAt: ago(2 * MINUTE), accountCreatedAt: undefined }, now)).toBe(true);
    expect(isSigningUp({ leadRecordedAt: ago(11 * MINUTE), accountCreatedAt: undefined }, now)).toBe(false);
    expect(isSigningUp({ leadRecordedAt: undefined, accountCreatedAt: undefined }, now)).toBe(false);
  });

  it('where the pool dates the account, a password sign-up has the day its code lasts to confirm', () => {
    expect(isSigningUp({ leadRecordedAt: ago(MINUTE), accountCreatedAt: ago(20 * 60 * MINUTE) }, now)).toBe(true);
    expect(isSigningUp({ leadRecordedAt: ago(MINUTE), accountCreatedAt: ago(2 * DAY) }, now)).toBe(false);
  });
});
