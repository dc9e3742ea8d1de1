import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * The embedded identity service (server/identity): its users, one-time codes, sign-in
 * sessions (refresh tokens), hosted sign-in hand-offs and its per-installation secrets.
 */
export const identity: Migration = {
  id: 3,
  name: 'identity',
  async up(db) {
    await sql`create table identity_users (
      sub uuid primary key default gen_random_uuid(),
      username text not null unique,
      email text not null,
      email_verified boolean not null default false,
      pending_email text,
      given_name text,
      family_name text,
      phone_number text,
      status text not null check (status in ('UNCONFIRMED', 'CONFIRMED', 'EXTERNAL_PROVIDER', 'RESET_REQUIRED')),
      enabled boolean not null default true,
      password_hash text,
      identities jsonb,
      failed_sign_ins integer not null default 0,
      last_failed_sign_in_at timestamptz,
      locked_until timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
    // Email is the sign-in name: at most one account per address, whatever its case.
    await sql`create unique index identity_users_email on identity_users (lower(email))`.execute(db);
    await sql`create index identity_users_given_name on identity_users (given_name)`.execute(db);
    await sql`create index identity_users_family_name on identity_users (family_name)`.execute(db);

    await sql`create table identity_codes (
      user_sub uuid not null references identity_users (sub) on delete cascade,
      purpose text not null check (purpose in ('signup', 'reset', 'email')),
      code_hash text not null,
      expires_at timestamptz not null,
      failed_attempts integer not null default 0,
      sends integer not null default 1,
      sends_window_started_at timestamptz not null,
      primary key (user_sub, purpose)
    )`.execute(db);

    await sql`create table identity_sessions (
      id uuid primary key,
      user_sub uuid not null references identity_users (sub) on delete cascade,
      refresh_token_hash text not null unique,
      client_id text not null,
      auth_time timestamptz not null,
      expires_at timestamptz not null,
      revoked_at timestamptz,
      created_at timestamptz not null
    )`.execute(db);
    await sql`create index identity_sessions_user on identity_sessions (user_sub)`.execute(db);

    await sql`create table identity_oauth_requests (
      id text primary key,
      provider text not null,
      client_id text not null,
      redirect_uri text not null,
      client_state text,
      code_challenge text,
      code_challenge_method text,
      upstream_code_verifier text not null,
      upstream_nonce text not null,
      expires_at timestamptz not null
    )`.execute(db);

    await sql`create table identity_oauth_codes (
      code_hash text primary key,
      user_sub uuid not null references identity_users (sub) on delete cascade,
      client_id text not null,
      redirect_uri text not null,
      code_challenge text,
      code_challenge_method text,
      expires_at timestamptz not null
    )`.execute(db);

    await sql`create table identity_secrets (
      name text primary key,
      value jsonb not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  },
};
