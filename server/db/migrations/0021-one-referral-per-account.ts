import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * An account keeps its first referral: a later POST /api/referrals could otherwise move its
 * attribution to another partner long after sign-up (the lead detail showed the latest row).
 * Rows recorded after an account's first are kept, as the record of those attempts, but no
 * longer attribute (`attributed` false); a unique index over the attributing rows keeps one
 * per account, and replaces migration 7's plain index on user_sub.
 */
export const oneReferralPerAccount: Migration = {
  id: 21,
  name: 'one referral per account',
  async up(db) {
    await sql`alter table account_referrals add column attributed boolean not null default true`.execute(db);
    await sql`update account_referrals later set attributed = false
      from account_referrals earlier
      where later.user_sub = earlier.user_sub and later.id > earlier.id`.execute(db);
    await sql`create unique index account_referrals_attributed on account_referrals (user_sub) where attributed`.execute(db);
    await sql`drop index account_referrals_user`.execute(db);
  },
};
