import type { IdentityUserRecord } from '../../domain/admin.ts';
import { listQueryString, type ListPage, type UsersPageReply, type UsersQuery } from '../../domain/admin-lists.ts';
import { pageFrom, type AdminHttp, type AdminOutcome } from './transport.ts';

/** `GET /api/admin/users`: one page of the pool's users, as the identity provider lists them. */
export async function listUsers(http: AdminHttp, query: UsersQuery = {}): Promise<AdminOutcome<ListPage<IdentityUserRecord>>> {
  return pageFrom(await http.send<UsersPageReply>('GET', `/api/admin/users${listQueryString(query)}`), 'users');
}
