import { sql, type Kysely } from 'kysely';
import type { OutboxMail } from '../../../src-shared/domain/admin.ts';
import type { Schema } from '../../db/schema.ts';

/** The newest mails first, without their text (codes and links are not the operator's to read). */
export async function listOutbox(db: Kysely<Schema>, limit: number): Promise<OutboxMail[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'subject', 'kind', 'status', 'attempts', 'last_error', 'created_at', 'sent_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
  }));
}

/**
 * Puts a failed mail back in the queue for the delivery worker, with its attempts reset (the
 * operator chose to send it again). False when the mail is not a failed one.
 */
export async function retryFailedMail(db: Kysely<Schema>, id: number): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ status: 'queued', attempts: 0, last_error: null, next_attempt_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
