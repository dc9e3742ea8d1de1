import type { OutboxPage, RecordsQuery } from '../../domain/admin-lists.ts';
import * as contracts from '../../domain/endpoints/admin.ts';
import { pageFrom, type AdminHttp, type AdminOutcome } from './transport.ts';

/** `GET /api/admin/outbox`: one page of mails, newest first, with their delivery status, and whether mail is delivered at all. */
export async function listOutbox(http: AdminHttp, query: RecordsQuery = {}): Promise<AdminOutcome<OutboxPage>> {
  const outcome = await http.send(contracts.listOutbox, { query });
  const page = pageFrom(outcome, 'mails');
  if (!page.ok || !outcome.ok) return page as AdminOutcome<never>;
  return { ok: true, value: { ...page.value, deliveryConfigured: outcome.value.deliveryConfigured ?? false } };
}
