import * as contracts from '../../domain/endpoints/admin.ts';
import { resultFrom, type AdminHttp, type AdminOutcome } from './transport.ts';

/** `DELETE /api/admin/users/{username}`. */
export async function deleteUser(http: AdminHttp, username: string): Promise<AdminOutcome<void>> {
  return resultFrom(await http.send(contracts.deleteUser, { params: { username } }));
}
