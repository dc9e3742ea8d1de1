import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    const email = `customer-${++accounts}@example.com`;
    await t.createUser(email);
    return (await t.signIn(email)).IdToken;
  }

  it('refuses a capture time past the year 9999 with a 400 naming it (the databases hold no later date)', async () => {
    const idToken = await newAccount();
    for (const timestamp of [Date.UTC(10_000, 0, 1), 8_000_000_000_000_000, 8_640_000_000_000_000]) {
      const response = await post('/api/referrals', { idToken, referral: { partnerId: 'p', timestamp } });
      expect(response.status, new Date(timestamp).toISOString()).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/'referral\.timestamp' must be <= 253402300799999/);
    }
    const rows = await t.server.app.database.db.selectFrom('account_referrals').selectAll().execute();
    expect(rows).toEqual([]);
  });
});
