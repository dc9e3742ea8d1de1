import type { AuditPage, AuditQuery } from '../../domain/audit.ts';
import { listAuditEvents } from '../../domain/endpoints/admin.ts';
import type { AdminHttp, AdminOutcome } from './transport.ts';

/** `GET /api/admin/audit`: one page of events, newest first, filtered on the server. */
export async function listAudit(http: AdminHttp, query: AuditQuery = {}): Promise<AdminOutcome<AuditPage>> {
  const outcome = await http.send(listAuditEvents, { query });
  if (!outcome.ok) return outcome;
  const { success, events, nextCursor, error } = outcome.value;
  if (!success || events === undefined) return { ok: false, reason: 'failed', ...(error ? { error } : {}) };
  return { ok: true, value: { events, nextCursor: nextCursor ?? null } };
}
