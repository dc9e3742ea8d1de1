import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * Security events recorded where they happen. audit_events gains the actor's email (the
 * operator filters by it), the token session (`origin_jti`) and issue (`event_id`) an
 * event belongs to, and the one annotation the web app may add to it. The indexes serve the
 * operator's pages, newest first by (created_at, id), whole or filtered by type or actor.
 */
export const securityEvents: Migration = {
  id: 8,
  name: 'security-events',
  async up(db) {
    await sql`alter table audit_events
      add column actor_email text,
      add column origin_jti text,
      add column event_id text,
      add column annotation jsonb,
      add column annotation_key text,
      add column annotated_at timestamptz`.execute(db);
    // Customer events used to carry the customer's address as their subject. Their logins
    // and profile changes were written from what a browser sent: they say so from now on.
    await sql`update audit_events set actor_email = lower(subject)
      where event_type like 'customer.%' and subject like '%@%'`.execute(db);
    await sql`update audit_events set annotation = '{"writtenByBrowser":true}'::jsonb
      where event_type in ('customer.login', 'customer.profile.update')`.execute(db);

    await sql`drop index audit_events_created_at`.execute(db);
    await sql`create index audit_events_page on audit_events (created_at desc, id desc)`.execute(db);
    await sql`create index audit_events_type_page on audit_events (event_type, created_at desc, id desc)`.execute(db);
    await sql`create index audit_events_actor_email_page on audit_events (actor_email, created_at desc, id desc)
      where actor_email is not null`.execute(db);
    await sql`create index audit_events_origin on audit_events (origin_jti) where origin_jti is not null`.execute(db);
    // One sign-in event per token session, however often it is reported.
    await sql`create unique index audit_events_sign_in_session on audit_events (origin_jti)
      where event_type = 'customer.login' and origin_jti is not null`.execute(db);
    // One annotation per token and kind of event.
    await sql`create unique index audit_events_annotation on audit_events (event_type, annotation_key)
      where annotation_key is not null`.execute(db);
  },
};
