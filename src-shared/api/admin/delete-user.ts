import type { AdminResult } from '../../domain/admin.ts';
import { resultFrom, type AdminHttp, type AdminOutcome } from './transport.ts';

/** `DELETE /api/admin/users/{username}`. */
export async function deleteUser(http: AdminHttp, username: string): Promise<AdminOutcome<void>> {
  return resultFrom(await http.send<AdminResult>('DELETE', `/api/admin/users/${encodeURIComponent(username)}`));
}
