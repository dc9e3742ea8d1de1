import type { IdentityUserRecord } from '../../domain/admin.ts';
import type { ListPage, UsersQuery } from '../../domain/admin-lists.ts';
import * as contracts from '../../domain/endpoints/admin.ts';
import { pageFrom, type AdminHttp, type AdminOutcome } from './transport.ts';

/** `GET /api/admin/users`: one page of the pool's users, as the identity provider lists them. */
export async function listUsers(http: AdminHttp, query: UsersQuery = {}): Promise<AdminOutcome<ListPage<IdentityUserRecord>>> {
  return pageFrom(await http.send(contracts.listUsers, { query }), 'users');
}
