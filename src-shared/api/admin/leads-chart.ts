import type { LeadsChart, LeadsChartQuery } from '../../domain/admin-lists.ts';
import * as contracts from '../../domain/endpoints/admin.ts';
import { listFrom, type AdminHttp, type AdminOutcome } from './transport.ts';

/** `GET /api/admin/leads/chart`: new leads per day (or week) by source, for the list's filters. */
export async function leadsChart(http: AdminHttp, query: LeadsChartQuery = {}): Promise<AdminOutcome<LeadsChart>> {
  return listFrom(await http.send(contracts.leadsChart, { query }), 'chart');
}
