import type { AffiliateApplication, AffiliateApplicationsReply } from '../../domain/affiliate.ts';
import { listFrom, type AdminHttp, type AdminOutcome } from './transport.ts';

/** `GET /api/admin/affiliate-applications`: every application, newest first. */
export async function listAffiliateApplications(http: AdminHttp): Promise<AdminOutcome<AffiliateApplication[]>> {
  return listFrom(await http.send<AffiliateApplicationsReply>('GET', '/api/admin/affiliate-applications'), 'applications');
}
