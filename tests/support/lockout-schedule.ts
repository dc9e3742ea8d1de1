import { FREE_FAILURES, MAX_LOCK_MS } from '../../server/identity/lockout.ts';

/**
 * When a lock after `failures` failures, the last at `nowMs`, ends: the schedule the server's
 * SQL keeps (tests/server/identity/lockout-schedule.test.ts pins it), for tests that check a
 * row's lock against its count. Null while the failures are still free.
 */
export function lockAfterFailure(failures: number, nowMs: number): Date | null {
  if (failures < FREE_FAILURES) return null;
  return new Date(nowMs + Math.min(1000 * 2 ** (failures - FREE_FAILURES), MAX_LOCK_MS));
}
