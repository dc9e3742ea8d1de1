import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * Indexes for the operator's lists at a million rows: leads paged by (created_at, id) in both
 * directions, filtered by source, searched by substring of name or email (trigram indexes,
 * pg_trgm); identity users searched by ListUsers' prefix filters whatever the database's
 * collation (text_pattern_ops).
 */
export const adminLists: Migration = {
  id: 10,
  name: 'admin lists',
  async up(db) {
    await sql`create index leads_created_id on leads (created_at, id)`.execute(db);
    await sql`create index leads_source_created_id on leads (source, created_at, id)`.execute(db);
    // The pair above answers every order migration 1's index did.
    await sql`drop index if exists leads_created_at`.execute(db);

    const trigram = await trigramSchema(db);
    if (trigram !== undefined) {
      // regnamespace's text is already quoted where a name needs it.
      const ops = sql.raw(`${trigram}.gin_trgm_ops`);
      await sql`create index leads_name_trgm on leads using gin (lower(name) ${ops})`.execute(db);
      await sql`create index leads_email_trgm on leads using gin (lower(email) ${ops})`.execute(db);
    } else {
      // Without pg_trgm a substring search reads the table; an email prefix still has an index.
      await sql`create index leads_email_prefix on leads (lower(email) text_pattern_ops)`.execute(db);
    }

    await sql`create index identity_users_email_prefix on identity_users (lower(email) text_pattern_ops)`.execute(db);
    await sql`create index identity_users_given_name_prefix on identity_users (lower(given_name) text_pattern_ops)`.execute(db);
    await sql`create index identity_users_family_name_prefix on identity_users (lower(family_name) text_pattern_ops)`.execute(db);
    await sql`create index identity_users_username_prefix on identity_users (username text_pattern_ops)`.execute(db);
    await sql`create index identity_users_status on identity_users (status, username)`.execute(db);
  },
};

/**
 * The schema pg_trgm lives in, creating the extension (in `public`, which outlives any schema a
 * test run makes and drops) when the database offers it; undefined when it cannot (not
 * installed, or not allowed to this role). The extension is the database's, so it may already
 * sit in another schema (Supabase keeps extensions in `extensions`).
 */
async function trigramSchema(db: Parameters<Migration['up']>[0]): Promise<string | undefined> {
  await sql`savepoint trigram`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint trigram`.execute(db);
  } catch {
    await sql`rollback to savepoint trigram`.execute(db);
    return undefined;
  }
  const { rows } = await sql<{ schema: string }>`
    select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema;
}
