import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_FAILURES } from '../../../server/identity/lockout.ts';
import { CLAIM_MS, createPasswordClaims, type PasswordClaims } from '../../../server/identity/password-claims.ts';
import { openTestDatabase } from '../../support/test-server.ts';

/**
 * PGlite's claims live in the one server process that embeds it: none is left behind by an
 * instance that died, so none expires. A check slowed past CLAIM_MS by a busy machine (an
 * argon2id verification waiting for a core) still holds its place, where expiring it let a
 * sixth guess of a burst be checked beside the five.
 */
describe('password check claims in memory (PGlite)', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let claims: PasswordClaims;
  beforeAll(async () => {
    database = await openTestDatabase();
    claims = createPasswordClaims('pglite', database.db);
  });
  afterAll(() => database.dispose());

  const holder = { key: 'c6f0f5c4-52a0-4c1e-9a55-0d7f7b9a3e11', account: true };

  it('keeps counting a check that outlasts CLAIM_MS, and frees its place when it ends', async () => {
    const started = Date.now();
    const held = await Promise.all(Array.from({ length: FREE_FAILURES }, () => claims.claim(holder, started, started)));
    expect(held.every((claim) => typeof claim === 'object')).toBe(true);

    const later = started + 2 * CLAIM_MS;
    expect(await claims.claim(holder, later, later)).toBe('busy');

    const [first] = held;
    if (typeof first !== 'object') throw new Error('no claim');
    await claims.release(holder, first);
    expect(await claims.claim(holder, later, later)).toEqual({ id: expect.any(String) });
  });
});
