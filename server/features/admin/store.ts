import { sql, type Kysely } from 'kysely';
import { MAIL_STATUSES, type OutboxMail } from '../../../src-shared/domain/admin.ts';
import type { ListPage } from '../../../src-shared/domain/admin-lists.ts';
import { totalOf } from '../../db/row-count.ts';
import type { Schema } from '../../db/schema.ts';
import { escapeLike, newestFirstPage, type RecordsPageRequest } from '../../db/list-query.ts';

/**
 * The outbox newest first, a keyset page at a time (by id), without the mails' text (codes
 * and links are not the operator's to read). Every mail the site sends lands here and none is
 * deleted, so it is never read whole. The search's lower(...) like '%q%' is what migration
 * 22's trigram indexes answer; a status is one of four words, so the words holding `q` are
 * found here and looked up by their index.
 */
export function pageOutbox(db: Kysely<Schema>, request: RecordsPageRequest): Promise<ListPage<OutboxMail>> {
  const q = request.q?.trim().toLowerCase();
  const found = () => {
    if (!q) return db.selectFrom('mail_outbox');
    const pattern = `%${escapeLike(q)}%`;
    const statuses = MAIL_STATUSES.filter((status) => status.includes(q));
    return db
      .selectFrom('mail_outbox')
      .where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['to_address']), 'like', pattern),
          eb(eb.fn('lower', ['subject']), 'like', pattern),
          eb(eb.fn('lower', ['kind']), 'like', pattern),
          ...(statuses.length > 0 ? [eb('status', 'in', statuses)] : []),
        ]),
      );
  };
  return newestFirstPage(
    request,
    {
      rows: found().select(['id', 'to_address', 'subject', 'kind', 'status', 'attempts', 'last_error', 'created_at', 'sent_at']),
      total: () => totalOf(db, found()),
    },
    (row) => ({
      id: row.id,
      to: row.to_address,
      subject: row.subject,
      kind: row.kind,
      status: row.status,
      attempts: row.attempts,
      lastError: row.last_error,
      createdAt: row.created_at.toISOString(),
      sentAt: row.sent_at?.toISOString() ?? null,
    }),
  );
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
