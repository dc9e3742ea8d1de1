import type { OutboxList } from '../../domain/admin.ts';
import * as contracts from '../../domain/endpoints/admin.ts';
import { listFrom, type AdminHttp, type AdminOutcome } from './transport.ts';

/** `GET /api/admin/outbox`: the newest mails first, with their delivery status, and whether mail is delivered at all. */
export async function listOutbox(http: AdminHttp, limit = 200): Promise<AdminOutcome<OutboxList>> {
  const outcome = await http.send(contracts.listOutbox, { query: { limit } });
  const mails = listFrom(outcome, 'mails');
  if (!mails.ok || !outcome.ok) return mails as AdminOutcome<never>;
  return { ok: true, value: { mails: mails.value, deliveryConfigured: outcome.value.deliveryConfigured ?? false } };
}
