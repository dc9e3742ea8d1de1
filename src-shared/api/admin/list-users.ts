import type { IdentityUserRecord, UsersReply } from '../../domain/admin.ts';
import { listFrom, type AdminHttp, type AdminOutcome } from './transport.ts';

/** `GET /api/admin/users`: every user of the pool, as the identity provider lists them. */
export async function listUsers(http: AdminHttp): Promise<AdminOutcome<IdentityUserRecord[]>> {
  return listFrom(await http.send<UsersReply>('GET', '/api/admin/users'), 'users');
}
