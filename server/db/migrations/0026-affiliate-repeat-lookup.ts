import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * An application looks up the address's earlier one within the review window (a repeat is stored
 * with the first's lead and sends the team no second mail: features/affiliates/store.ts): an
 * index on the address as compared (any case) and the time, so a public form's lookup never
 * reads the table.
 */
export const affiliateRepeatLookup: Migration = {
  id: 26,
  name: 'affiliate repeat lookup',
  async up(db) {
    await sql`create index affiliate_applications_email_created_at
      on affiliate_applications (lower(email), created_at)`.execute(db);
  },
};
