import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database.ts';
import { migrations } from '../../../server/db/migrations/index.ts';
import { freshDataDir } from '../../support/pglite-template.ts';

/** Migration 37 forgets the network addresses that earlier releases kept with affiliate applications. */
describe('migration 37: applicants’ addresses forgotten', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('empties the address of every application stored before it, and keeps the applications', async () => {
    const { dataDir, dispose } = await freshDataDir('hireassist-applicant-ips-', 'blank');
    cleanups.push(dispose);
    const before = await openDatabase(
      { kind: 'pglite', dataDir },
      migrations.filter((migration) => migration.id < 37),
    );
    const { id: leadId } = await before.db
      .insertInto('leads')
      .values({ name: 'Grace Hopper', email: 'grace@example.com', source: 'affiliate' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const application = (ip: string) => ({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.com',
      company: '',
      website: '',
      experience: '' as const,
      audience: '',
      motivation: ip,
      lead_id: leadId,
      ip,
    });
    await before.db
      .insertInto('affiliate_applications')
      .values([application('203.0.113.7'), application('2001:db8::1')])
      .execute();
    await before.close();

    const after = await openDatabase({ kind: 'pglite', dataDir }, migrations);
    try {
      const rows = await after.db.selectFrom('affiliate_applications').select(['motivation', 'ip']).orderBy('id').execute();
      expect(rows).toEqual([
        { motivation: '203.0.113.7', ip: null },
        { motivation: '2001:db8::1', ip: null },
      ]);
    } finally {
      await after.close();
    }
  });
});
