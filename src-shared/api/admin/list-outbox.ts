import type { OutboxMail, OutboxReply } from '../../domain/admin.ts';
import { listFrom, type AdminHttp, type AdminOutcome } from './transport.ts';

/** `GET /api/admin/outbox`: the newest mails first, with their delivery status. */
export async function listOutbox(http: AdminHttp, limit = 200): Promise<AdminOutcome<OutboxMail[]>> {
  return listFrom(await http.send<OutboxReply>('GET', `/api/admin/outbox?limit=${limit}`), 'mails');
}
