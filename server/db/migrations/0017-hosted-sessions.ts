import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * The pool's sign-in page remembers a browser that signed in there for an hour, as Cognito's
 * managed login does: the next authorization request that names no provider gets its code at
 * once, and /logout ends it. Only the cookie's hash is kept; every instance reads the same rows.
 */
export const hostedSessions: Migration = {
  id: 17,
  name: 'hosted sessions',
  async up(db) {
    await sql`create table identity_hosted_sessions (
      id_hash text primary key,
      user_sub uuid not null references identity_users (sub) on delete cascade,
      sign_in_method text not null,
      expires_at timestamptz not null
    )`.execute(db);
    await sql`create index identity_hosted_sessions_user_sub on identity_hosted_sessions (user_sub)`.execute(db);
    await sql`create index identity_hosted_sessions_expires_at on identity_hosted_sessions (expires_at)`.execute(db);
  },
};
