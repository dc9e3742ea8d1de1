import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * SRP sign-in (USER_SRP_AUTH) and refresh-token rotation: each password user's SRP salt and
 * verifier (the verifier sealed with the installation's key; null until the user next sets or
 * uses a password), the FORCE_CHANGE_PASSWORD status, and the refresh tokens a rotation issues.
 */
export const srpVerifier: Migration = {
  id: 11,
  name: 'srp-verifier',
  async up(db) {
    await sql`alter table identity_users add column srp_salt text, add column srp_verifier text`.execute(db);
    // Every status Cognito knows, so an operator-created user (FORCE_CHANGE_PASSWORD) fits.
    await sql`alter table identity_users drop constraint if exists identity_users_status_check`.execute(db);
    await sql`alter table identity_users add constraint identity_users_status_check check (status in (
      'UNCONFIRMED', 'CONFIRMED', 'EXTERNAL_PROVIDER', 'RESET_REQUIRED', 'FORCE_CHANGE_PASSWORD',
      'ARCHIVED', 'COMPROMISED', 'UNKNOWN'))`.execute(db);
    // The session's first refresh token stops working this long after it was rotated (null: never rotated).
    await sql`alter table identity_sessions add column refresh_token_valid_until timestamptz`.execute(db);
    await sql`create table identity_rotated_refresh_tokens (
      token_hash text primary key,
      session_id uuid not null references identity_sessions (id) on delete cascade,
      valid_until timestamptz,
      created_at timestamptz not null
    )`.execute(db);
    await sql`create index identity_rotated_refresh_tokens_session on identity_rotated_refresh_tokens (session_id)`.execute(db);
  },
};
