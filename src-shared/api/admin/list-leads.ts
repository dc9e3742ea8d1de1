import type { Lead } from '../../domain/admin.ts';
import type { LeadDetail, LeadsQuery, ListPage } from '../../domain/admin-lists.ts';
import * as contracts from '../../domain/endpoints/admin.ts';
import { listFrom, pageFrom, type AdminHttp, type AdminOutcome } from './transport.ts';

/** `GET /api/admin/leads`: one page of the leads the query finds. */
export async function listLeads(http: AdminHttp, query: LeadsQuery = {}): Promise<AdminOutcome<ListPage<Lead>>> {
  return pageFrom(await http.send(contracts.listLeads, { query }), 'leads');
}

/** `GET /api/admin/leads/{id}`: everything the database holds about one lead. */
export async function leadDetail(http: AdminHttp, id: number): Promise<AdminOutcome<LeadDetail>> {
  return listFrom(await http.send(contracts.leadDetail, { params: { id } }), 'detail');
}
