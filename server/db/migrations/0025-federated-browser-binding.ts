import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * A sign-in at Google or Microsoft is finished only in the browser that started it: the pending
 * sign-in keeps the hash of a secret that browser holds in a cookie (oauth2/browser-binding.ts).
 * Sign-ins pending at the upgrade have no such secret and could not be finished: they are
 * dropped (they live ten minutes; the user starts again).
 */
export const federatedBrowserBinding: Migration = {
  id: 25,
  name: 'federated browser binding',
  async up(db) {
    await sql`delete from identity_oauth_requests`.execute(db);
    await sql`alter table identity_oauth_requests add column browser_hash text not null`.execute(db);
  },
};
