import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * The operator's admin area: its password hash, its session tokens, every login attempt,
 * a generic audit log (admin actions now; customer login and profile audits later) and
 * affiliate applications.
 */
export const admin: Migration = {
  id: 6,
  name: 'admin',
  async up(db) {
    // One row at most: the generated admin password's argon2id hash (never the password).
    await sql`create table admin_credentials (
      id integer primary key check (id = 1),
      password_hash text not null,
      created_at timestamptz not null default now()
    )`.execute(db);

    // Split tokens: the selector finds the row, the verifier's SHA-256 is compared in constant time.
    await sql`create table admin_tokens (
      selector text primary key,
      verifier_hash text not null,
      ip text,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz
    )`.execute(db);

    await sql`create table admin_login_attempts (
      id integer generated always as identity primary key,
      ip text not null,
      outcome text not null check (outcome in ('succeeded', 'failed', 'rate-limited')),
      created_at timestamptz not null default now()
    )`.execute(db);
    await sql`create index admin_login_attempts_recent on admin_login_attempts (created_at, ip) where outcome = 'failed'`.execute(
      db,
    );

    await sql`create table audit_events (
      id integer generated always as identity primary key,
      event_type text not null,
      actor text not null,
      subject text,
      details jsonb not null default '{}'::jsonb,
      ip text,
      user_agent text,
      created_at timestamptz not null default now()
    )`.execute(db);
    await sql`create index audit_events_created_at on audit_events (created_at desc)`.execute(db);

    await sql`create table affiliate_applications (
      id integer generated always as identity primary key,
      first_name text not null,
      last_name text not null,
      email text not null,
      company text not null default '',
      website text not null default '',
      experience text not null default '' check (experience in ('', 'beginner', 'intermediate', 'advanced')),
      audience text not null default '',
      motivation text not null default '',
      lead_id integer not null references leads (id),
      ip text,
      created_at timestamptz not null default now()
    )`.execute(db);
    await sql`create index affiliate_applications_created_at on affiliate_applications (created_at desc)`.execute(db);
  },
};
