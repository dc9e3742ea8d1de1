import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { upgradedAcross } from '../../support/migration-upgrade.ts';

/**
 * Migration 24 gives the sign-in page's remembered browsers and the authorization codes the
 * time the user authenticated. A browser remembered before it signed in an hour (the session's
 * fixed lifetime) before it expires; a code of before it has none.
 */
const SUB = '6f1c2b8e-0d4a-4c57-9a3e-2b7d5e8f1a90';

describe('migration 24: authentication times', () => {
  it('dates each remembered browser an hour before it expires, and leaves the codes without one', async () => {
    const after = await upgradedAcross(24, async (db) => {
      // Raw SQL: the Schema type describes the tables after this migration.
      await sql`insert into identity_users (sub, username, email, status, created_at, updated_at)
        values (${SUB}, 'ada', 'ada@example.com', 'CONFIRMED', now(), now())`.execute(db);
      await sql`insert into identity_hosted_sessions (id_hash, user_sub, sign_in_method, expires_at)
        values ('remembered', ${SUB}, 'password', '2026-11-01T10:40:00Z')`.execute(db);
      await sql`insert into identity_oauth_codes (code_hash, user_sub, client_id, redirect_uri, expires_at)
        values ('pending', ${SUB}, 'client', 'https://app.example/', '2026-11-01T10:03:00Z')`.execute(db);
    });
    expect(await after.db.selectFrom('identity_hosted_sessions').select('auth_time').execute()).toEqual([
      { auth_time: new Date('2026-11-01T09:40:00Z') },
    ]);
    expect(await after.db.selectFrom('identity_oauth_codes').select('auth_time').execute()).toEqual([{ auth_time: null }]);
  });
});
