import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * The limits a name that is no account meets (the sign-in lockout, codes an hour, wrong
 * guesses of a code), kept in the database as an account's are, so that behind several
 * instances they count as one: kept in each instance's memory, an unknown name never locked
 * when a guesser alternated between instances while an account did, which told who exists.
 * Names are kept as hashes: the names tried are often real people's addresses.
 */
export const unknownLoginLimits: Migration = {
  id: 23,
  name: 'unknown login limits',
  async up(db) {
    await sql`create table identity_unknown_logins (
      login_hash text primary key,
      failed_sign_ins integer not null,
      last_failed_sign_in_at timestamptz not null,
      locked_until timestamptz,
      touched_at timestamptz not null
    )`.execute(db);
    await sql`create table identity_unknown_codes (
      login_hash text not null,
      purpose text not null check (purpose in ('signup', 'reset', 'email')),
      sends integer not null,
      sends_window_started_at timestamptz not null,
      sent_at timestamptz,
      guesses integer not null default 0,
      touched_at timestamptz not null,
      primary key (login_hash, purpose)
    )`.execute(db);
    // The retention sweeper deletes the rows nobody has touched for two days.
    await sql`create index identity_unknown_logins_touched on identity_unknown_logins (touched_at)`.execute(db);
    await sql`create index identity_unknown_codes_touched on identity_unknown_codes (touched_at)`.execute(db);
  },
};
