import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/** Messages sent through the contact form on /contact, kept whether or not the mail goes out. */
export const contactMessages: Migration = {
  id: 4,
  name: 'contact messages',
  async up(db) {
    await sql`create table contact_messages (
      id integer generated always as identity primary key,
      name text not null,
      email text not null,
      subject text not null default '',
      message text not null,
      lead_id integer not null references leads (id),
      mail_id integer not null references mail_outbox (id),
      created_at timestamptz not null default now()
    )`.execute(db);
    await sql`create index contact_messages_created_at on contact_messages (created_at desc)`.execute(db);
  },
};
