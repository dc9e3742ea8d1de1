import { describeGroup } from '../groups.ts';
import { pageOf, pageTokens, readPage } from '../paging.ts';
import { requirePoolId, type Operation } from './operation.ts';

/** ListGroups: pages of up to 60 groups by name. */
export const listGroups: Operation<'ListGroups'> = {
  readOnly: true,
  signed: true,
  async run(input, { service }) {
    requirePoolId(input, service);
    const tokens = pageTokens(service, 'ListGroups');
    const { limit, after } = readPage(input, tokens);
    let query = service.db
      .selectFrom('identity_groups')
      .selectAll()
      .orderBy('name')
      .limit(limit + 1);
    if (after !== undefined) query = query.where('name', '>', after);
    const { page, ...next } = pageOf(await query.execute(), limit, (group) => group.name, tokens);
    return { Groups: page.map((group) => describeGroup(group, service.config.userPoolId)), ...next };
  },
};
