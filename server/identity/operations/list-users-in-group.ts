import { pageOf, pageTokens, readPage } from '../paging.ts';
import { describeUser, LISTED_USER_COLUMNS, userAttributes } from '../users.ts';
import { groupTarget } from './group-target.ts';
import type { Operation } from './operation.ts';

/** ListUsersInGroup: pages of up to 60 members, in the order of the membership key. */
export const listUsersInGroup: Operation<'ListUsersInGroup'> = {
  readOnly: true,
  signed: true,
  async run(input, { service }) {
    const group = await groupTarget(input, service);
    const tokens = pageTokens(service, `ListUsersInGroup ${group.name}`);
    const { limit, after } = readPage(input, tokens);
    let query = service.db
      .selectFrom('identity_user_groups as ug')
      .innerJoin('identity_users as u', 'u.sub', 'ug.user_sub')
      .select(LISTED_USER_COLUMNS.map((column) => `u.${column}` as const))
      .where('ug.group_name', '=', group.name)
      .orderBy('ug.user_sub')
      .limit(limit + 1);
    if (after !== undefined) query = query.where('ug.user_sub', '>', after);
    const { page, ...next } = pageOf(await query.execute(), limit, (user) => user.sub, tokens);
    return { Users: page.map((user) => ({ ...describeUser(user), Attributes: userAttributes(user) })), ...next };
  },
};
