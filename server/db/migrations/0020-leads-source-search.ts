import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';
import { installedTrigramOps } from './trigram.ts';

/**
 * The leads search looks in the source too (name, email or source, any case): a trigram index
 * on lower(source) beside migration 10's, so the three-way `or` is still answered from indexes.
 * Without pg_trgm (migration 10 then made none for names either) a search reads the table anyway.
 */
export const leadsSourceSearch: Migration = {
  id: 20,
  name: 'leads source search',
  async up(db) {
    const ops = await installedTrigramOps(db);
    if (ops === undefined) return;
    await sql`create index leads_source_trgm on leads using gin (lower(source) ${ops})`.execute(db);
  },
};
