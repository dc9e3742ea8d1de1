import { createHash, randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schema } from '../../server/db/schema.ts';
import { createRetentionSweeper } from '../../server/maintenance/retention-sweeper.ts';
import { CLIENT_ID, startIdentityServer, type IdentityTestServer } from '../server/identity/support.ts';
import { cognitoRequest } from '../support/cognito-request.ts';
import { asGoogle, startOpenIdStandIn, type OpenIdStandIn } from '../support/openid-stand-in.ts';
import { openTestDatabase } from '../support/test-server.ts';

/**
 * Nothing anonymous grows without bound: what hosted sign-in, sign-up and the code
 * operations store for anybody is swept once it has outlived its use, by a sweeper that
 * runs on a timer in every instance.
 */
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`the sweeper never ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the retention sweeper in the running server', () => {
  let t: IdentityTestServer;
  let upstream: OpenIdStandIn;
  beforeAll(async () => {
    upstream = await startOpenIdStandIn({ accounts: {}, nextLogin: () => ({ error: 'access_denied' }) });
    t = await startIdentityServer({
      ...asGoogle(upstream),
      IDENTITY_ALLOWED_REDIRECT_URIS: 'http://app.example',
      RETENTION_SWEEP_INTERVAL_SECONDS: '1',
    });
    upstream.accept(`${t.server.config.publicUrl}/cognito/oauth2/idpresponse`);
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
  });

  const count = async (table: keyof Schema) =>
    Number(
      (
        await t.server.app.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('takes the tables back to their size after a flood of 300 hosted sign-ins nobody finishes', async () => {
    const before = await count('identity_oauth_requests');
    for (let i = 0; i < 300; i += 30) {
      await Promise.all(
        Array.from({ length: 30 }, async (_, j) => {
          const query = new URLSearchParams({
            identity_provider: 'Google',
            redirect_uri: 'http://app.example',
            response_type: 'code',
            client_id: CLIENT_ID,
            state: randomBytes(96).toString('base64url'),
            code_challenge: createHash('sha256')
              .update(`verifier-${i + j}`)
              .digest('base64url'),
            code_challenge_method: 'S256',
          });
          const response = await t.server.fetch(`/cognito/oauth2/authorize?${query}`, { redirect: 'manual' });
          expect(response.status).toBe(302);
          expect(response.headers.get('location')).toMatch(new RegExp(`^${upstream.url}`));
        }),
      );
    }
    expect(await count('identity_oauth_requests')).toBe(before + 300);

    // Still pending within their 10 minutes: the sweeper leaves them.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await count('identity_oauth_requests')).toBe(before + 300);

    t.clock.advance(10 * MINUTE + 1000);
    await until(async () => (await count('identity_oauth_requests')) === before, 'deleted the expired sign-in requests');
  });

  it('deletes sign-ups never confirmed after 7 days, with their codes, and keeps confirmed accounts', async () => {
    await t.signUp('never.confirmed@example.com');
    await t.createUser('customer@example.com');
    const users = () =>
      t.server.app.database.db.selectFrom('identity_users').select(['email', 'status']).orderBy('email').execute();
    expect(await count('identity_codes')).toBe(1);

    // After a day the sign-up code has expired and goes; the account stays a week.
    t.clock.advance(DAY + MINUTE);
    await until(async () => (await count('identity_codes')) === 0, 'deleted the expired sign-up code');
    expect((await users()).map((user) => user.email)).toEqual(['customer@example.com', 'never.confirmed@example.com']);

    t.clock.advance(6 * DAY);
    await until(async () => (await users()).length === 1, 'deleted the unconfirmed sign-up');
    expect(await users()).toEqual([{ email: 'customer@example.com', status: 'CONFIRMED' }]);
    await t.signIn('customer@example.com');
  });

  it('keeps what names that are no account met (hashed) for two days after their last try, then deletes it', async () => {
    const nobody = 'Nobody.Here@example.com';
    const call = (operation: string, input: Record<string, unknown>) =>
      cognitoRequest(t.server.url, operation, { ClientId: CLIENT_ID, ...input });
    expect((await call('ForgotPassword', { Username: nobody })).status).toBe(200);
    const wrong = { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: nobody, PASSWORD: 'Wrong-Password-1' } };
    expect((await call('InitiateAuth', wrong)).status).toBe(400);
    const stored = async () => [
      ...(await t.server.app.database.db.selectFrom('identity_unknown_logins').selectAll().execute()),
      ...(await t.server.app.database.db.selectFrom('identity_unknown_codes').selectAll().execute()),
    ];
    expect(await stored()).toHaveLength(2);
    // No one's address in the clear: the names tried are often real people's.
    expect(JSON.stringify(await stored()).toLowerCase()).not.toContain('nobody');

    t.clock.advance(2 * DAY - MINUTE);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await stored()).toHaveLength(2);
    t.clock.advance(2 * MINUTE);
    await until(async () => (await stored()).length === 0, 'deleted the unknown names');
  });
});

const databases = [
  { name: 'PGlite', postgres: false },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', postgres: true }] : []),
];

describe.each(databases)('two sweepers at once on $name', ({ postgres }) => {
  it('delete every expired row once between them, in batches, without an error', async () => {
    const database = await openTestDatabase({ postgres });
    try {
      const now = Date.now();
      const rows = Array.from({ length: 1234 }, (_, i) => ({
        id: `flood-${i}`,
        provider: 'Google',
        client_id: CLIENT_ID,
        redirect_uri: 'http://app.example',
        client_state: null,
        code_challenge: null,
        code_challenge_method: null,
        upstream_code_verifier: 'v',
        upstream_nonce: 'n',
        browser_hash: 'h',
        expires_at: new Date(now - (i % 2 === 0 ? MINUTE : -MINUTE)),
      }));
      for (let i = 0; i < rows.length; i += 500) {
        await database.db
          .insertInto('identity_oauth_requests')
          .values(rows.slice(i, i + 500))
          .execute();
      }
      const sweeper = () =>
        createRetentionSweeper({
          db: database.db,
          log: pino({ level: 'silent' }),
          config: { intervalMs: 60_000, unconfirmedUserMaxAgeMs: 7 * DAY },
          now: () => now,
        });
      const [first, second] = await Promise.all([sweeper().sweep(), sweeper().sweep()]);
      expect((first['oauth requests'] ?? 0) + (second['oauth requests'] ?? 0)).toBe(617);
      const left = await database.db.selectFrom('identity_oauth_requests').select('expires_at').execute();
      expect(left).toHaveLength(617);
      expect(left.every((row) => row.expires_at.getTime() > now)).toBe(true);
    } finally {
      await database.dispose();
    }
  });
});

describe('password checks a dead instance left behind', () => {
  it('are deleted once an hour old, while a check in flight is kept', async () => {
    const database = await openTestDatabase();
    try {
      const now = Date.now();
      const claim = (id: string, startedAt: number) => ({ id, holder: 'some-sub', started_at: new Date(startedAt) });
      await database.db
        .insertInto('identity_password_checks')
        .values([
          claim('00000000-0000-4000-8000-000000000001', now - 61 * MINUTE),
          claim('00000000-0000-4000-8000-000000000002', now - 1000),
        ])
        .execute();
      const sweeper = createRetentionSweeper({
        db: database.db,
        log: pino({ level: 'silent' }),
        config: { intervalMs: 60_000, unconfirmedUserMaxAgeMs: 7 * DAY },
        now: () => now,
      });
      await sweeper.sweep();
      const left = await database.db.selectFrom('identity_password_checks').select('id').execute();
      expect(left).toEqual([{ id: '00000000-0000-4000-8000-000000000002' }]);
    } finally {
      await database.dispose();
    }
  });
});
