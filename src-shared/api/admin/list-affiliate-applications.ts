import type { AffiliateApplication } from '../../domain/affiliate.ts';
import * as contracts from '../../domain/endpoints/admin.ts';
import { listFrom, type AdminHttp, type AdminOutcome } from './transport.ts';

/** `GET /api/admin/affiliate-applications`: every application, newest first. */
export async function listAffiliateApplications(http: AdminHttp): Promise<AdminOutcome<AffiliateApplication[]>> {
  return listFrom(await http.send(contracts.listAffiliateApplications), 'applications');
}
