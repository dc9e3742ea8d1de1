import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/** Leads: everyone who gave us their name and email, from any form. */
export const leads: Migration = {
  id: 1,
  name: 'leads',
  async up(db) {
    await sql`create table leads (
      id integer generated always as identity primary key,
      name text not null,
      email text not null,
      source text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
    await sql`create index leads_created_at on leads (created_at desc)`.execute(db);
  },
};
