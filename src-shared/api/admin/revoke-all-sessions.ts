import { revokeAllAdminSessions } from '../../domain/endpoints/admin.ts';
import { resultFrom, type AdminHttp, type AdminOutcome } from './transport.ts';

/**
 * `POST /api/admin/sessions/revoke-all`: every admin session ends, this one included, so the
 * token is forgotten here once the server has done it (or says the token was already dead).
 */
export async function revokeAllSessions(http: AdminHttp): Promise<AdminOutcome<void>> {
  const outcome = resultFrom(await http.send(revokeAllAdminSessions));
  if (outcome.ok || outcome.reason === 'unauthorized') await http.tokenStore.clear();
  return outcome;
}
