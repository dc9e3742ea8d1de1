import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnknownUserLimits } from '../../../server/identity/unknown-user-limits.ts';
import { openTestDatabase } from '../../support/test-server.ts';

/**
 * Cognito's temporary lockout, as the one SQL statement that counts an attempt keeps it
 * (lockout.ts `attemptCounted`, shared by accounts and names that are no account): free
 * attempts, then a lock from the fifth failure of 1 s, doubling, capped at 15 minutes; a quiet
 * spell as long as the longest lock starts the count over.
 */
describe('the lockout schedule, as the database keeps it', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.dispose());

  it('locks from the fifth failure for 1 s, doubling, capped at 15 minutes, then starts over', async () => {
    const limits = new UnknownUserLimits(database.db);
    let now = Date.UTC(2026, 0, 1);
    const lockSeconds: number[] = [];
    for (let attempt = 1; attempt <= 16; attempt++) {
      expect(await limits.claimAttempt('nobody@example.com', now)).toBe(true);
      const { locked_until } = await database.db
        .selectFrom('identity_unknown_logins')
        .select('locked_until')
        .executeTakeFirstOrThrow();
      lockSeconds.push(locked_until ? (locked_until.getTime() - now) / 1000 : 0);
      // While locked, an attempt is not even counted.
      if (locked_until) expect(await limits.claimAttempt('nobody@example.com', locked_until.getTime() - 1)).toBe(false);
      // The next attempt as soon as the lock allows.
      now = (locked_until?.getTime() ?? now) + 1;
    }
    expect(lockSeconds).toEqual([0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 0]);
  });
});
