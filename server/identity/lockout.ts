import { MINUTE, SECOND } from './clock.ts';

/** Failures allowed before the first lock. */
export const FREE_FAILURES = 5;
/** The longest lock; also how long a quiet spell must last before the failure count starts over. */
export const MAX_LOCK_MS = 15 * MINUTE;

/**
 * Cognito's temporary lockout: after five failures, each further failure locks sign-in
 * for 1 s, then 2 s, 4 s, … up to about 15 minutes.
 */
export function lockAfterFailure(failures: number, nowMs: number): Date | null {
  if (failures < FREE_FAILURES) return null;
  return new Date(nowMs + Math.min(SECOND * 2 ** (failures - FREE_FAILURES), MAX_LOCK_MS));
}
