import { describe, expect, it } from 'vitest';
import { upgradedAcross } from '../../support/migration-upgrade.ts';

/** Migration 37 forgets the network addresses that earlier releases kept with affiliate applications. */
describe('migration 37: applicants’ addresses forgotten', () => {
  it('empties the address of every application stored before it, and keeps the applications', async () => {
    const after = await upgradedAcross(37, async (db) => {
      const { id: leadId } = await db
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
      await db
        .insertInto('affiliate_applications')
        .values([application('203.0.113.7'), application('2001:db8::1')])
        .execute();
    });
    const rows = await after.db.selectFrom('affiliate_applications').select(['motivation', 'ip']).orderBy('id').execute();
    expect(rows).toEqual([
      { motivation: '203.0.113.7', ip: null },
      { motivation: '2001:db8::1', ip: null },
    ]);
  });
});
