import type { Lead, LeadsReply } from '../../domain/admin.ts';
import { listFrom, type AdminHttp, type AdminOutcome } from './transport.ts';

/** `GET /api/admin/leads`: every lead, newest first. */
export async function listLeads(http: AdminHttp): Promise<AdminOutcome<Lead[]>> {
  return listFrom(await http.send<LeadsReply>('GET', '/api/admin/leads'), 'leads');
}
