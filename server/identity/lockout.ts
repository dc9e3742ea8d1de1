import { sql } from 'kysely';
import { MINUTE, SECOND } from './clock.ts';

type LockoutTable = 'identity_users' | 'identity_unknown_logins';

/** Failures allowed before the first lock. */
export const FREE_FAILURES = 5;
/** The longest lock; also how long a quiet spell must last before the failure count starts over. */
export const MAX_LOCK_MS = 15 * MINUTE;

/**
 * The failure count after one more failed sign-in, as SQL over `table`'s row: it starts over
 * after a quiet spell of MAX_LOCK_MS.
 */
function nextFailureCount(table: LockoutTable, nowMs: number) {
  const failures = sql.ref(`${table}.failed_sign_ins`);
  const lastFailure = sql.ref(`${table}.last_failed_sign_in_at`);
  const quietSince = new Date(nowMs - MAX_LOCK_MS);
  return sql<number>`case when ${lastFailure} is null or ${lastFailure} <= ${quietSince} then 1 else ${failures} + 1 end`;
}

/**
 * Whether `table`'s row is free of a lock at `nowMs`, as SQL: the condition of `attemptCounted`'s
 * statement, which PostgreSQL checks again on the row a parallel statement left.
 */
export function notLocked(table: LockoutTable, nowMs: number) {
  const lockedUntil = sql.ref(`${table}.locked_until`);
  return sql<boolean>`(${lockedUntil} is null or ${lockedUntil} <= ${new Date(nowMs)})`;
}

/**
 * One password attempt counted as a failure before the password is checked, with the lock
 * its count calls for (Cognito's temporary lockout: from the fifth failure 1 s, then 2 s, 4 s,
 * … up to 15 minutes; tests/server/identity/lockout-schedule.test.ts), as the columns of one UPDATE of `table`'s
 * row made only where `notLocked`. Count and lock are one statement, so of parallel guesses
 * (on any instance) only those before the count that locks are checked at all; the rest find
 * the lock. A right password then clears the count (`clearFailures`, sign-in.ts).
 */
export function attemptCounted(table: LockoutTable, nowMs: number) {
  const at = new Date(nowMs);
  const failures = nextFailureCount(table, nowMs);
  const seconds = sql<number>`least(power(2, (${failures}) - ${FREE_FAILURES}), ${MAX_LOCK_MS / SECOND})`;
  return {
    failed_sign_ins: failures,
    last_failed_sign_in_at: at,
    locked_until: sql<Date | null>`case when (${failures}) >= ${FREE_FAILURES} then ${at}::timestamptz + make_interval(secs => ${seconds}) end`,
  };
}
