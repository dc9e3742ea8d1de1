import { describe, expect, it } from 'vitest';
import { upgradedAcross } from '../../support/migration-upgrade.ts';

/**
 * Migration 21 makes an account's first referral the one that attributes: rows a customer added
 * later, moving the attribution to another partner, are kept but no longer attribute, and a
 * unique index keeps one attributing row per account.
 */
describe('migration 21: one referral per account', () => {
  const row = (sub: string, partner: string) => ({
    user_sub: sub,
    email: `${sub}@example.com`,
    partner_id: partner,
    captured_at: new Date('2026-11-01T00:00:00Z'),
  });

  it("keeps each account's first referral attributing and the later ones as a record", async () => {
    const after = await upgradedAcross(21, async (db) => {
      await db
        .insertInto('account_referrals')
        .values([row('ada', 'first'), row('bob', 'only'), row('ada', 'moved'), row('ada', 'moved-again')])
        .execute();
    });
    const rows = await after.db
      .selectFrom('account_referrals')
      .select(['user_sub', 'partner_id', 'attributed'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { user_sub: 'ada', partner_id: 'first', attributed: true },
      { user_sub: 'bob', partner_id: 'only', attributed: true },
      { user_sub: 'ada', partner_id: 'moved', attributed: false },
      { user_sub: 'ada', partner_id: 'moved-again', attributed: false },
    ]);
    await expect(after.db.insertInto('account_referrals').values(row('ada', 'later')).execute()).rejects.toThrow();
  });
});
