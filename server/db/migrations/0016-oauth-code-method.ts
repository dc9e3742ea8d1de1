import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * How the user of an authorization code signed in (password, google or microsoft), for the
 * sign-in's security event when the code is exchanged: an account linked to Google may sign
 * in with its password on the pool's page, and its token's identities claim says Google either
 * way. Codes live five minutes; one from before this has none and falls back to the claim.
 */
export const oauthCodeMethod: Migration = {
  id: 16,
  name: 'oauth code sign-in method',
  async up(db) {
    await sql`alter table identity_oauth_codes add column sign_in_method text`.execute(db);
  },
};
