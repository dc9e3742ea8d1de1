import { describeGroup } from '../groups.ts';
import { pageOf, pageTokens, readPage } from '../paging.ts';
import { adminTarget } from './admin-user.ts';
import type { Operation } from './operation.ts';

/** AdminListGroupsForUser: pages of up to 60 of the user's groups by name. */
export const adminListGroupsForUser: Operation<'AdminListGroupsForUser'> = {
  readOnly: true,
  signed: true,
  async run(input, { service }) {
    const user = await adminTarget(input, service);
    const tokens = pageTokens(service, `AdminListGroupsForUser ${user.sub}`);
    const { limit, after } = readPage(input, tokens);
    let query = service.db
      .selectFrom('identity_user_groups as ug')
      .innerJoin('identity_groups as g', 'g.name', 'ug.group_name')
      .selectAll('g')
      .where('ug.user_sub', '=', user.sub)
      .orderBy('g.name')
      .limit(limit + 1);
    if (after !== undefined) query = query.where('g.name', '>', after);
    const { page, ...next } = pageOf(await query.execute(), limit, (group) => group.name, tokens);
    return { Groups: page.map((group) => describeGroup(group, service.config.userPoolId)), ...next };
  },
};
