import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * Where a reply to a mail should go, when not to its sender (MAIL_FROM, a no-reply address):
 * the affiliate team answers an applicant by replying to the application's mail.
 */
export const mailReplyTo: Migration = {
  id: 19,
  name: 'mail reply-to',
  async up(db) {
    await sql`alter table mail_outbox add column reply_to text`.execute(db);
  },
};
