import { adminValidate } from '../../domain/endpoints/admin.ts';
import type { AdminHttp, AdminOutcome } from './transport.ts';

/**
 * `GET /api/admin/auth/validate`: true while the stored token works. An invalid token is
 * removed from the store; without a token nothing is sent.
 */
export async function validate(http: AdminHttp): Promise<AdminOutcome<boolean>> {
  if (!(await http.tokenStore.read())) return { ok: true, value: false };
  const outcome = await http.send(adminValidate);
  if (outcome.ok) return { ok: true, value: outcome.value.valid };
  if (outcome.reason === 'unauthorized') {
    await http.tokenStore.clear();
    return { ok: true, value: false };
  }
  return outcome;
}
