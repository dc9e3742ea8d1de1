import type { AuditEvent, AuditQuery } from '../../domain/audit.ts';
import type { ListPage } from '../../domain/admin-lists.ts';
import { listAuditEvents } from '../../domain/endpoints/admin.ts';
import { pageFrom, type AdminHttp, type AdminOutcome } from './transport.ts';

/** `GET /api/admin/audit`: one page of events, newest first, filtered on the server; the first counts them. */
export async function listAudit(http: AdminHttp, query: AuditQuery = {}): Promise<AdminOutcome<ListPage<AuditEvent>>> {
  return pageFrom(await http.send(listAuditEvents, { query }), 'events');
}
