import type { AuditEvent, AuditReply } from '../../domain/admin.ts';
import { listFrom, type AdminHttp, type AdminOutcome } from './transport.ts';

/** `GET /api/admin/audit`: the newest audit events first. */
export async function listAudit(http: AdminHttp, limit = 200): Promise<AdminOutcome<AuditEvent[]>> {
  return listFrom(await http.send<AuditReply>('GET', `/api/admin/audit?limit=${limit}`), 'events');
}
