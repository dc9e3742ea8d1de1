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
    expect(await password.matches(generated)).toBe(true);
    expect(await password.matches(`${generated}x`)).toBe(false);
  });

  it('is read back, not regenerated or printed, at the next start', async () => {
    const again = await prepareAdminPassword({ db: database.db, configured: undefined, announce });
    expect(announced).toHaveLength(1);
    expect(await again.matches(announced[0] ?? '')).toBe(true);
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
      expect(await a.matches(printed[0] ?? '')).toBe(true);
      expect(await b.matches(printed[0] ?? '')).toBe(true);
    } finally {
      await fresh.dispose();
    }
  });

  it('ADMIN_PASSWORD, when set, is the password and nothing is stored', async () => {
    const fresh = await openTestDatabase();
    try {
      const password = await prepareAdminPassword({ db: fresh.db, configured: 'a configured password', announce });
      expect(await password.matches('a configured password')).toBe(true);
      expect(await fresh.db.selectFrom('admin_credentials').selectAll().execute()).toHaveLength(0);
    } finally {
      await fresh.dispose();
    }
  });
});
