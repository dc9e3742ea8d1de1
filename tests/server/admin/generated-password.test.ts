import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareAdminPassword } from '../../../server/features/admin/password.ts';
import { openTestDatabase } from '../../support/test-server.ts';

type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

describe('the admin password without ADMIN_PASSWORD', () => {
  const announced: string[] = [];
  const announce = (password: string) => announced.push(password);

  it('is generated at first start, printed once, and only its argon2id hash is stored', async () => {
    const password = await prepareAdminPassword({ db: database.db, configured: undefined, announce });
    expect(announced).toHaveLength(1);
    const generated = announced[0] ?? '';
    expect(generated.length).toBeGreaterThanOrEqual(24);
    const rows = await database.db.selectFrom('admin_credentials').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]?.password_hash).not.toContain(generated);
    expect(await password.check(generated)).toBe(1);
    expect(await password.check(`${generated}x`)).toBeUndefined();
  });

  it('is read back, not regenerated or printed, at the next start', async () => {
    const again = await prepareAdminPassword({ db: database.db, configured: undefined, announce });
    expect(announced).toHaveLength(1);
    expect(await again.check(announced[0] ?? '')).toBe(1);
  });

  it('two instances starting together agree on one password', async () => {
    const fresh = await openTestDatabase();
    try {
      const printed: string[] = [];
      const [a, b] = await Promise.all([
        prepareAdminPassword({ db: fresh.db, configured: undefined, announce: (p) => printed.push(p) }),
        prepareAdminPassword({ db: fresh.db, configured: undefined, announce: (p) => printed.push(p) }),
      ]);
      expect(printed).toHaveLength(1);
      expect(await a.check(printed[0] ?? '')).toBe(1);
      expect(await b.check(printed[0] ?? '')).toBe(1);
    } finally {
      await fresh.dispose();
    }
  });

  it('ADMIN_PASSWORD, when set, is the password: stored as its argon2id hash, the epoch kept across restarts', async () => {
    const fresh = await openTestDatabase();
    try {
      const password = await prepareAdminPassword({ db: fresh.db, configured: 'a configured password', announce });
      expect(await password.check('a configured password')).toBe(1);
      const [row] = await fresh.db.selectFrom('admin_credentials').selectAll().execute();
      expect(row?.password_hash).toMatch(/^\$argon2id\$/);
      expect(row?.password_hash).not.toContain('a configured password');
      // A restart with the same password keeps its hash and epoch, so tokens survive restarts.
      const again = await prepareAdminPassword({ db: fresh.db, configured: 'a configured password', announce });
      expect(await again.check('a configured password')).toBe(1);
      const [after] = await fresh.db.selectFrom('admin_credentials').selectAll().execute();
      expect(after?.password_hash).toBe(row?.password_hash);
    } finally {
      await fresh.dispose();
    }
  });

  it('a changed ADMIN_PASSWORD replaces the stored one and moves the epoch on, once for two instances starting together', async () => {
    const fresh = await openTestDatabase();
    try {
      const before = await prepareAdminPassword({ db: fresh.db, configured: 'the first password', announce });
      const [a, b] = await Promise.all([
        prepareAdminPassword({ db: fresh.db, configured: 'the second password', announce }),
        prepareAdminPassword({ db: fresh.db, configured: 'the second password', announce }),
      ]);
      expect(await a.check('the second password')).toBe(2);
      expect(await b.check('the second password')).toBe(2);
      // The instance still running with the old setting checks against the stored password too.
      expect(await before.check('the first password')).toBeUndefined();
      expect(await before.check('the second password')).toBe(2);
      // Unset again: the password last in use stays; no old generated password comes back.
      const unset = await prepareAdminPassword({ db: fresh.db, configured: undefined, announce });
      expect(await unset.check('the second password')).toBe(2);
    } finally {
      await fresh.dispose();
    }
  });
});
