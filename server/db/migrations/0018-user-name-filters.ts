import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * ListUsers filters on `name` and `preferred_username` (searchable in Cognito), which live in
 * the attribute map rather than in columns: prefix indexes on the map's values, as migration
 * 10 made for the columns, so a filter at a million users reads an index, not the table.
 */
export const userNameFilters: Migration = {
  id: 18,
  name: 'user name filters',
  async up(db) {
    await sql`create index identity_users_name_prefix on identity_users (lower(attributes ->> 'name') text_pattern_ops)`.execute(
      db,
    );
    await sql`create index identity_users_preferred_username_prefix
      on identity_users (lower(attributes ->> 'preferred_username') text_pattern_ops)`.execute(db);
  },
};
