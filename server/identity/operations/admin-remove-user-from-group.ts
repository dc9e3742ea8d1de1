import { changeMemberships } from '../groups.ts';
import { adminTarget } from './admin-user.ts';
import { groupTarget } from './group-target.ts';
import type { Operation } from './operation.ts';

/** AdminRemoveUserFromGroup: removing a user who is not a member is no error, as with Cognito. */
export const adminRemoveUserFromGroup: Operation<'AdminRemoveUserFromGroup'> = {
  signed: true,
  async run(input, { service }): Promise<Record<string, never>> {
    const group = await groupTarget(input, service);
    const user = await adminTarget(input, service);
    await changeMemberships(
      service.db,
      async () => [user.sub],
      async (trx) => {
        await trx
          .deleteFrom('identity_user_groups')
          .where('group_name', '=', group.name)
          .where('user_sub', '=', user.sub)
          .execute();
      },
    );
    return {};
  },
};
