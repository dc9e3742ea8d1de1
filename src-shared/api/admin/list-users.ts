import type { ListedUserRecord, ListPage, UsersQuery } from '../../domain/admin-lists.ts';
import * as contracts from '../../domain/endpoints/admin.ts';
import { pageFrom, type AdminHttp, type AdminOutcome } from './transport.ts';

/** `GET /api/admin/users`: one page of the pool's users, as the identity provider lists them, with their groups. */
export async function listUsers(http: AdminHttp, query: UsersQuery = {}): Promise<AdminOutcome<ListPage<ListedUserRecord>>> {
  const outcome = await http.send(contracts.listUsers, { query });
  const page = pageFrom(outcome, 'users');
  if (!page.ok || !outcome.ok) return page;
  const groups = outcome.value.userGroups;
  // An older server's page has no groups: each row then reads its own.
  if (!groups) return page;
  return {
    ok: true,
    value: { ...page.value, items: page.value.items.map((user, index) => ({ ...user, Groups: groups[index] ?? [] })) },
  };
}
