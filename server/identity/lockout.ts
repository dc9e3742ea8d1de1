import { sql } from 'kysely';
import { MINUTE, SECOND } from './clock.ts';

/** Failures allowed before the first lock. */
export const FREE_FAILURES = 5;
/** The longest lock; also how long a quiet spell must last before the failure count starts over. */
const MAX_LOCK_MS = 15 * MINUTE;

/**
 * Cognito's temporary lockout: after five failures, each further failure locks sign-in
 * for 1 s, then 2 s, 4 s, … up to about 15 minutes.
 */
export function lockAfterFailure(failures: number, nowMs: number): Date | null {
  if (failures < FREE_FAILURES) return null;
  return new Date(nowMs + Math.min(SECOND * 2 ** (failures - FREE_FAILURES), MAX_LOCK_MS));
}

/**
 * How many password checks may be under way at once for a holder: the failures left before a
 * lock, so that checks sent at once earn no more failures than checks one after another would;
 * one at a time once a lock has passed, as each further failure locks again; none while a lock
 * is in force. The quiet spell of nextFailureCount starts it over. The rule is the database
 * function identity_password_check_room (migration 31), which reads the holder's row where it
 * is and which both kinds of claims ask (password-claims.ts); these are its constants at `nowMs`.
 */
export function checkRoomRule(nowMs: number): { quietSince: Date; freeFailures: number } {
  return { quietSince: new Date(nowMs - MAX_LOCK_MS), freeFailures: FREE_FAILURES };
}

/**
 * The failure count after one more failed sign-in, as SQL over `table`'s row: it starts over
 * after a quiet spell of MAX_LOCK_MS. Counted in the statement itself, so parallel guesses
 * (on any instance) each count.
 */
export function nextFailureCount(table: 'identity_users' | 'identity_unknown_logins', nowMs: number) {
  const failures = sql.ref(`${table}.failed_sign_ins`);
  const lastFailure = sql.ref(`${table}.last_failed_sign_in_at`);
  const quietSince = new Date(nowMs - MAX_LOCK_MS);
  return sql<number>`case when ${lastFailure} is null or ${lastFailure} <= ${quietSince} then 1 else ${failures} + 1 end`;
}

/**
 * The lock after a failure whose count is `failures`, as SQL over `table`'s row: never shorter
 * than the lock already there, so a parallel failure with a lower count, whose statement ends
 * last, does not shorten the lock a higher count set. Undefined when the count calls for none.
 */
export function lengthenedLock(table: 'identity_users' | 'identity_unknown_logins', failures: number, nowMs: number) {
  const lock = lockAfterFailure(failures, nowMs);
  return lock && sql<Date>`greatest(${sql.ref(`${table}.locked_until`)}, ${lock})`;
}
