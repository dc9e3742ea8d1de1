import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * A sign-in at Google or Microsoft keeps how recent the app asked it to be (its max_age; 0 for
 * prompt=login), so the provider's answer is checked against it on return: a provider that
 * ignores max_age hands back a sign-in it remembers from long before. Sign-ins pending at the
 * upgrade asked for none that is kept: they finish as before.
 */
export const federatedMaxAge: Migration = {
  id: 27,
  name: 'federated max age',
  async up(db) {
    await sql`alter table identity_oauth_requests add column max_age integer`.execute(db);
  },
};
