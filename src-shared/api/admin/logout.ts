import { adminLogout } from '../../domain/endpoints/admin.ts';
import { resultFrom, type AdminHttp, type AdminOutcome } from './transport.ts';

const DONE: AdminOutcome<void> = { ok: true, value: undefined };

/**
 * `POST /api/admin/auth/logout`: revokes the token on the server, and always forgets it here.
 * Says whether the server took the sign-out: a 401 counts as done (the token was already dead),
 * a network failure or a refusal does not, since the server may still accept the token.
 */
export async function logout(http: AdminHttp): Promise<AdminOutcome<void>> {
  const outcome = (await http.tokenStore.read()) ? resultFrom(await http.send(adminLogout)) : DONE;
  await http.tokenStore.clear();
  return outcome.ok || outcome.reason === 'unauthorized' ? DONE : outcome;
}
