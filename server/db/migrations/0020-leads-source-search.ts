import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * The leads search looks in the source too (name, email or source, any case): a trigram index
 * on lower(source) beside migration 10's, so the three-way `or` is still answered from indexes.
 * Without pg_trgm (migration 10 then made none for names either) a search reads the table anyway.
 */
export const leadsSourceSearch: Migration = {
  id: 20,
  name: 'leads source search',
  async up(db) {
    const { rows } = await sql<{ schema: string }>`
      select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
    const trigram = rows[0]?.schema;
    if (trigram === undefined) return;
    // regnamespace's text is already quoted where a name needs it.
    const ops = sql.raw(`${trigram}.gin_trgm_ops`);
    await sql`create index leads_source_trgm on leads using gin (lower(source) ${ops})`.execute(db);
  },
};
