import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * Indexes for the retention sweeper (server/maintenance/retention-sweeper.ts): each of its
 * deletes finds its next batch of old rows by these, so a sweep costs the rows it removes,
 * not a scan of the table.
 */
export const retention: Migration = {
  id: 14,
  name: 'retention indexes',
  async up(db) {
    await sql`create index identity_oauth_requests_expires_at on identity_oauth_requests (expires_at)`.execute(db);
    await sql`create index identity_oauth_codes_expires_at on identity_oauth_codes (expires_at)`.execute(db);
    await sql`create index identity_codes_expires_at on identity_codes (expires_at)`.execute(db);
    await sql`create index identity_sessions_expires_at on identity_sessions (expires_at)`.execute(db);
    await sql`create index identity_sessions_revoked_at on identity_sessions (revoked_at) where revoked_at is not null`.execute(
      db,
    );
    await sql`create index identity_users_unconfirmed on identity_users (created_at) where status = 'UNCONFIRMED'`.execute(db);
    await sql`create index admin_tokens_expires_at on admin_tokens (expires_at)`.execute(db);
    await sql`create index admin_tokens_revoked_at on admin_tokens (revoked_at) where revoked_at is not null`.execute(db);
    await sql`create index admin_login_attempts_created_at on admin_login_attempts (created_at)`.execute(db);
  },
};
