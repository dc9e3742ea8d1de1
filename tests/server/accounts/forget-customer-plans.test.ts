import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { forgetCustomer } from '../../../server/features/accounts/store.ts';
import { planOf, planTargets, recording, seededDatabase } from '../../support/query-plans.ts';

/**
 * Deleting an account (by the customer or the operator) among many: forgetCustomer's queries,
 * explained with sequential scans priced out, must find the customer's rows by index. The
 * referral contacts were found by reading every referral (a million on PostgreSQL 15: 85 to 94 ms,
 * median of 5), as migration 21's unique index holds only the attributing rows.
 */
const ACCOUNTS = 20_000;

describe.each(planTargets('forget'))('forgetting a customer on $name', (target) => {
  const database = seededDatabase(target, async (db) => {
    // Each account's referral, and for one account a later one kept from before migration 21.
    await sql`insert into account_referrals (user_sub, email, partner_id, captured_at)
      select 'sub-' || n, 'person' || n || '@example.com', 'partner', now() from generate_series(1, ${ACCOUNTS}::int) as n`.execute(
      db,
    );
    await sql`insert into account_referrals (user_sub, email, partner_id, captured_at, attributed)
      values ('sub-5', 'person5@example.com', 'later', now(), false)`.execute(db);
    await sql`analyze account_referrals`.execute(db);
  });

  test("every referral of the account loses its address, found on the account's index", async () => {
    const { db, sent } = recording(database.db);

    await forgetCustomer(db, 'sub-5');

    const referrals = await database.db
      .selectFrom('account_referrals')
      .select(['user_sub', 'email'])
      .where('user_sub', 'in', ['sub-5', 'sub-6'])
      .orderBy('id')
      .execute();
    expect(referrals).toEqual([
      { user_sub: 'sub-5', email: '[deleted account]' },
      { user_sub: 'sub-6', email: 'person6@example.com' },
      { user_sub: 'sub-5', email: '[deleted account]' },
    ]);
    const plans: string[] = [];
    for (const query of sent.filter((query) => /^(update|delete)/i.test(query.sql))) plans.push(await planOf(database.db, query));
    expect(plans.some((plan) => plan.includes('on account_referrals'))).toBe(true);
    for (const plan of plans) expect(plan).not.toMatch(/Seq Scan/);
  });
});
