import type * as Crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadAdminKeyPair, loadSealingKey, loadSigningKeyPem } from '../../../server/identity/secrets.ts';
import { openTestDatabase } from '../../support/test-server.ts';

// Counts RSA key generations: a 2048-bit key blocks the event loop for a few hundred
// milliseconds, which every restart of the server paid when the key was made before looking.
const keyGenerations = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof Crypto>();
  return {
    ...actual,
    generateKeyPairSync: (...args: Parameters<typeof actual.generateKeyPairSync>) => {
      keyGenerations.count++;
      return actual.generateKeyPairSync(...(args as [never, never]));
    },
  };
});

describe('installation secrets', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
    // The run's template database carries one installation's secrets (tests/support/pglite-template.ts):
    // without them, this database is a new installation's.
    await database.db.deleteFrom('identity_secrets').execute();
  });
  afterAll(() => database.dispose());

  it('are created once, and a restart reads them back without generating a new signing key', async () => {
    const first = {
      signing: await loadSigningKeyPem(database.db),
      sealing: await loadSealingKey(database.db),
      admin: await loadAdminKeyPair(database.db, undefined),
    };
    expect(keyGenerations.count).toBe(1);

    const again = {
      signing: await loadSigningKeyPem(database.db),
      sealing: await loadSealingKey(database.db),
      admin: await loadAdminKeyPair(database.db, undefined),
    };
    expect(again).toEqual(first);
    expect(keyGenerations.count).toBe(1);
  });
});
