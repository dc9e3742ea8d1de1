import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/** Every mail the product sends is written here first, so none is lost when delivery fails. */
export const mailOutbox: Migration = {
  id: 2,
  name: 'mail outbox',
  async up(db) {
    await sql`create table mail_outbox (
      id integer generated always as identity primary key,
      to_address text not null,
      subject text not null,
      text_body text not null,
      kind text not null,
      template_params jsonb not null default '{}'::jsonb,
      contains_secret boolean not null default false,
      status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      last_error text,
      created_at timestamptz not null default now(),
      sent_at timestamptz
    )`.execute(db);
    await sql`create index mail_outbox_due on mail_outbox (next_attempt_at) where status = 'queued'`.execute(db);
  },
};
