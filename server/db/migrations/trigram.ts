import { sql, type RawBuilder } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * The operator class of pg_trgm's GIN indexes, schema-qualified, when migration 10 could
 * install the extension; undefined otherwise (a search then reads the table). The extension
 * is the database's, so it may sit in any schema (Supabase keeps extensions in `extensions`).
 */
export async function installedTrigramOps(db: Parameters<Migration['up']>[0]): Promise<RawBuilder<unknown> | undefined> {
  const { rows } = await sql<{ schema: string }>`
    select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
  const schema = rows[0]?.schema;
  // regnamespace's text is already quoted where a name needs it.
  return schema === undefined ? undefined : sql.raw(`${schema}.gin_trgm_ops`);
}
