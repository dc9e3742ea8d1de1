import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * Customer accounts: referral attributions, each account's preferences and which lead a
 * sign-up recorded. Login and profile audits go to audit_events (migration 6).
 */
export const accounts: Migration = {
  id: 7,
  name: 'accounts',
  async up(db) {
    // user_sub is the pool's `sub` as text: the pool may be AWS Cognito, outside this database.
    await sql`create table account_referrals (
      id integer generated always as identity primary key,
      user_sub text not null,
      email text not null,
      partner_id text,
      campaign_id text,
      referral_key text,
      utm_source text,
      utm_medium text,
      utm_campaign text,
      captured_at timestamptz not null,
      created_at timestamptz not null default now()
    )`.execute(db);
    await sql`create index account_referrals_user on account_referrals (user_sub)`.execute(db);

    await sql`create table account_preferences (
      user_sub text primary key,
      email text not null,
      marketing_emails boolean not null default false,
      updated_at timestamptz not null default now()
    )`.execute(db);
    await sql`create index account_preferences_email on account_preferences (lower(email))`.execute(db);

    // One lead per account, however often the browser reports the sign-up.
    await sql`create table account_signups (
      user_sub text primary key,
      lead_id integer not null references leads (id),
      created_at timestamptz not null default now()
    )`.execute(db);

    await sql`create index audit_events_actor on audit_events (actor, event_type, created_at desc)`.execute(db);
  },
};
