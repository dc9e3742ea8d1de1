import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * Affiliate applications kept the applicant's network address, which nothing read: the form's
 * rate limit counts addresses in its own store, and the operator never sees it. The server no
 * longer writes it (features/affiliates/store.ts), and the addresses already kept are forgotten.
 * The column stays, empty, while an instance of the previous release may still be writing it
 * during a rolling deploy; a later migration can drop it.
 */
export const applicantsAddressesForgotten: Migration = {
  id: 37,
  name: 'applicants addresses forgotten',
  async up(db) {
    await sql`update affiliate_applications set ip = null where ip is not null`.execute(db);
  },
};
