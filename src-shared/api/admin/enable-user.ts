import type { AdminResult } from '../../domain/admin.ts';
import { resultFrom, type AdminHttp, type AdminOutcome } from './transport.ts';

/** `POST /api/admin/users/{username}/enable`. */
export async function enableUser(http: AdminHttp, username: string): Promise<AdminOutcome<void>> {
  return resultFrom(await http.send<AdminResult>('POST', `/api/admin/users/${encodeURIComponent(username)}/enable`));
}
