import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * Hosted sign-in as OIDC clients expect it: the client's `nonce` and requested `scope` travel
 * from /oauth2/authorize through the one-time code into the tokens, and a session keeps its
 * scope so refreshed access tokens carry the same one (null: the sign-in APIs' own scope).
 */
export const oauth: Migration = {
  id: 13,
  name: 'oauth',
  async up(db) {
    await sql`alter table identity_oauth_requests add column client_nonce text, add column scope text`.execute(db);
    await sql`alter table identity_oauth_codes add column nonce text, add column scope text`.execute(db);
    await sql`alter table identity_sessions add column scope text`.execute(db);
  },
};
