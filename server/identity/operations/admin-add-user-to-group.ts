import { changeMemberships } from '../groups.ts';
import { adminTarget } from './admin-user.ts';
import { groupTarget } from './group-target.ts';
import type { Operation } from './operation.ts';

/** AdminAddUserToGroup: adding a member twice is no error, as with Cognito. */
export const adminAddUserToGroup: Operation<'AdminAddUserToGroup'> = {
  signed: true,
  async run(input, { service }): Promise<Record<string, never>> {
    const group = await groupTarget(input, service);
    const user = await adminTarget(input, service);
    await changeMemberships(
      service.db,
      async () => [user.sub],
      async (trx) => {
        await trx
          .insertInto('identity_user_groups')
          .values({ group_name: group.name, user_sub: user.sub, created_at: new Date(service.clock.now()) })
          .onConflict((conflict) => conflict.columns(['group_name', 'user_sub']).doNothing())
          .execute();
      },
    );
    return {};
  },
};
