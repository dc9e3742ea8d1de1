import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';
import { installedTrigramOps } from './trigram.ts';

/**
 * The affiliate applications and the mail outbox are paged and searched in the database, newest
 * first by id (the primary key), at a million rows: a public form fills the one, every mail the
 * other. Their searches are substrings of a few columns, any case (trigram indexes, pg_trgm,
 * as migration 10's); an outbox status is looked up by its own index. Applications are no longer
 * ordered by created_at, so migration 6's index on it goes.
 */
export const recordLists: Migration = {
  id: 22,
  name: 'record lists',
  async up(db) {
    await sql`drop index affiliate_applications_created_at`.execute(db);
    await sql`create index mail_outbox_status on mail_outbox (status, id)`.execute(db);
    const ops = await installedTrigramOps(db);
    // Without pg_trgm (migration 10 could not create it) a search reads the table.
    if (ops === undefined) return;
    await sql`create index affiliate_applications_name_trgm
      on affiliate_applications using gin (lower(first_name || ' ' || last_name) ${ops})`.execute(db);
    await sql`create index affiliate_applications_email_trgm on affiliate_applications using gin (lower(email) ${ops})`.execute(
      db,
    );
    await sql`create index affiliate_applications_company_trgm on affiliate_applications using gin (lower(company) ${ops})`.execute(
      db,
    );
    await sql`create index mail_outbox_to_trgm on mail_outbox using gin (lower(to_address) ${ops})`.execute(db);
    await sql`create index mail_outbox_subject_trgm on mail_outbox using gin (lower(subject) ${ops})`.execute(db);
    await sql`create index mail_outbox_kind_trgm on mail_outbox using gin (lower(kind) ${ops})`.execute(db);
  },
};
