import * as contracts from '../../domain/endpoints/admin.ts';
import { resultFrom, type AdminHttp, type AdminOutcome } from './transport.ts';

/** `POST /api/admin/users/{username}/disable`: the server also signs the user out everywhere. */
export async function disableUser(http: AdminHttp, username: string): Promise<AdminOutcome<void>> {
  return resultFrom(await http.send(contracts.disableUser, { params: { username } }));
}
