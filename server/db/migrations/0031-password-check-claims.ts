import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * A password check's claim in one statement (server/identity/password-claims.ts). The claim was
 * a transaction of five statements and its waiters repeated it every 50 ms; each statement a
 * round trip, a sign-in cost several times the database work of the check's own failure count.
 *
 * `identity_password_check_room` holds the rule of how many checks a holder may have in flight
 * (none while a lock that began after `arrived` is in force; the failures left before a lock,
 * at least one, the count starting over after a quiet spell), read from the holder's row: an
 * account's, or that of a name that is no account. The constants come from the caller
 * (server/identity/lockout.ts). PGlite's memory claims ask it too, so the rule is written once.
 *
 * `identity_claim_password_check` takes the claim for PostgreSQL, whose instances share it:
 * one claimer per holder at a time (an advisory lock held to the statement's end), stale claims
 * deleted, the claims in flight counted, then the room read, then the claim inserted if room is
 * left. The room is read after the count: a check that ended since, and so was not counted, has
 * its failure committed before its claim was deleted, and each statement of a function sees what
 * was committed when it began. Answers 'locked', 'busy' or 'claimed'.
 */
export const passwordCheckClaims: Migration = {
  id: 31,
  name: 'password check claims',
  async up(db) {
    await sql`create function identity_password_check_room(
      check_holder text,
      is_account boolean,
      arrived timestamptz,
      quiet_since timestamptz,
      free_failures integer
    ) returns integer language plpgsql stable as $$
    declare
      lockout record;
    begin
      if is_account then
        select failed_sign_ins, last_failed_sign_in_at, locked_until into lockout
          from identity_users where sub = check_holder::uuid;
      else
        select failed_sign_ins, last_failed_sign_in_at, locked_until into lockout
          from identity_unknown_logins where login_hash = check_holder;
      end if;
      if not found then
        return free_failures;
      end if;
      if lockout.locked_until > arrived then
        return 0;
      end if;
      if lockout.last_failed_sign_in_at is null or lockout.last_failed_sign_in_at <= quiet_since then
        return free_failures;
      end if;
      return greatest(free_failures - lockout.failed_sign_ins, 1);
    end
    $$`.execute(db);
    await sql`create function identity_claim_password_check(
      claim_id uuid,
      check_holder text,
      is_account boolean,
      arrived timestamptz,
      claimed_at timestamptz,
      stale_since timestamptz,
      quiet_since timestamptz,
      free_failures integer
    ) returns text language plpgsql as $$
    declare
      in_flight integer;
      room integer;
    begin
      perform pg_advisory_xact_lock(hashtextextended(check_holder, 0));
      delete from identity_password_checks c where c.holder = check_holder and c.started_at <= stale_since;
      select count(*) into in_flight from identity_password_checks c where c.holder = check_holder;
      room := identity_password_check_room(check_holder, is_account, arrived, quiet_since, free_failures);
      if room = 0 then
        return 'locked';
      end if;
      if in_flight >= room then
        return 'busy';
      end if;
      insert into identity_password_checks (id, holder, started_at) values (claim_id, check_holder, claimed_at);
      return 'claimed';
    end
    $$`.execute(db);
  },
};
