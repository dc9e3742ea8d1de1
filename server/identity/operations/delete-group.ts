import { changeMemberships, memberSubs } from '../groups.ts';
import { groupNotFound, groupTarget } from './group-target.ts';
import type { Operation } from './operation.ts';

/** DeleteGroup: its members leave it (their next tokens no longer name it). */
export const deleteGroup: Operation<'DeleteGroup'> = {
  signed: true,
  async run(input, { service }): Promise<Record<string, never>> {
    const group = await groupTarget(input, service);
    let deleted = false;
    await changeMemberships(
      service.db,
      (trx) => memberSubs(trx, group.name),
      async (trx) => {
        const result = await trx.deleteFrom('identity_groups').where('name', '=', group.name).executeTakeFirst();
        deleted = result.numDeletedRows > 0n;
      },
    );
    if (!deleted) throw groupNotFound();
    return {};
  },
};
