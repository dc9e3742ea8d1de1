import * as contracts from '../../domain/endpoints/admin.ts';
import { resultFrom, type AdminHttp, type AdminOutcome } from './transport.ts';

/** `POST /api/admin/users/{username}/enable`. */
export async function enableUser(http: AdminHttp, username: string): Promise<AdminOutcome<void>> {
  return resultFrom(await http.send(contracts.enableUser, { params: { username } }));
}
