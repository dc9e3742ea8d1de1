import { AUDIT_API_PATH, type AuditPage, type AuditPageReply, type AuditQuery } from '../../domain/audit.ts';
import type { AdminHttp, AdminOutcome } from './transport.ts';

/** `GET /api/admin/audit`: one page of events, newest first, filtered on the server. */
export async function listAudit(http: AdminHttp, query: AuditQuery = {}): Promise<AdminOutcome<AuditPage>> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const search = params.size > 0 ? `?${params.toString()}` : '';
  const outcome = await http.send<AuditPageReply>('GET', `${AUDIT_API_PATH}${search}`);
  if (!outcome.ok) return outcome;
  const { success, events, nextCursor, error } = outcome.value;
  if (!success || events === undefined) return { ok: false, reason: 'failed', ...(error ? { error } : {}) };
  return { ok: true, value: { events, nextCursor: nextCursor ?? null } };
}
