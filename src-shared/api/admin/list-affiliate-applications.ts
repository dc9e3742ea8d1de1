import type { ListPage, RecordsQuery } from '../../domain/admin-lists.ts';
import type { AffiliateApplication } from '../../domain/affiliate.ts';
import * as contracts from '../../domain/endpoints/admin.ts';
import { pageFrom, type AdminHttp, type AdminOutcome } from './transport.ts';

/** `GET /api/admin/affiliate-applications`: one page of applications, newest first, searched on the server. */
export async function listAffiliateApplications(
  http: AdminHttp,
  query: RecordsQuery = {},
): Promise<AdminOutcome<ListPage<AffiliateApplication>>> {
  return pageFrom(await http.send(contracts.listAffiliateApplications, { query }), 'applications');
}
