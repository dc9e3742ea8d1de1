import { adminLogin } from '../../domain/endpoints/admin.ts';
import type { AdminHttp, AdminOutcome } from './transport.ts';

/** `POST /api/admin/auth/login`: on success the token goes to the token store, not to the caller. */
export async function login(http: AdminHttp, password: string): Promise<AdminOutcome<void>> {
  const outcome = await http.send(adminLogin, { body: { password } });
  if (!outcome.ok) return outcome;
  if (!outcome.value.success || !outcome.value.token) {
    return { ok: false, reason: 'failed', ...(outcome.value.error ? { error: outcome.value.error } : {}) };
  }
  await http.tokenStore.write(outcome.value.token);
  return { ok: true, value: undefined };
}
