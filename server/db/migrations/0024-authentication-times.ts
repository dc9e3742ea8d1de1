import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * When the user really authenticated, carried from the sign-in to the tokens: a browser the
 * sign-in page remembers keeps the time it signed in, and each code keeps the time of the
 * sign-in it was issued for. Before this, every session started at a code exchange claimed
 * auth_time = the exchange, so a remembered browser's tokens said "just now" for up to an hour
 * after the password was typed, and an app's max_age could not be honoured.
 *
 * A remembered browser of before this signed in when its session began, an hour (its fixed
 * lifetime) before it expires. A code of before this has none: it lives five minutes, and its
 * session falls back to the exchange time, as before.
 */
export const authenticationTimes: Migration = {
  id: 24,
  name: 'authentication times',
  async up(db) {
    await sql`alter table identity_hosted_sessions add column auth_time timestamptz`.execute(db);
    await sql`update identity_hosted_sessions set auth_time = expires_at - interval '1 hour'`.execute(db);
    await sql`alter table identity_hosted_sessions alter column auth_time set not null`.execute(db);
    await sql`alter table identity_oauth_codes add column auth_time timestamptz`.execute(db);
  },
};
