import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * The password checks under way, one row each (server/identity/password-checks.ts): counted
 * beside the failures, so that guesses sent at once, to any instance, have no more passwords
 * checked than the lock allows, while a user's own parallel sign-ins wait their turn rather
 * than lock themselves out. `holder` is an account's sub or the hash of a name that is no
 * account. A row is deleted when its check ends; one left by an instance that died stops
 * counting after a few seconds, and is deleted by the next claim for its holder.
 */
export const passwordChecks: Migration = {
  id: 29,
  name: 'password checks',
  async up(db) {
    await sql`create table identity_password_checks (
      id uuid primary key,
      holder text not null,
      started_at timestamptz not null
    )`.execute(db);
    await sql`create index identity_password_checks_holder on identity_password_checks (holder, started_at)`.execute(db);
  },
};
