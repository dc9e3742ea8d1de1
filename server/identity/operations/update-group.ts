import { optionalString } from '../fields.ts';
import { changeMemberships, describeGroup, memberSubs, type GroupRow } from '../groups.ts';
import { groupNotFound, groupTarget, readPrecedence, readRoleArn } from './group-target.ts';
import type { Operation } from './operation.ts';

/** UpdateGroup: members left out keep their values, as Cognito does. */
export const updateGroup: Operation<'UpdateGroup'> = {
  signed: true,
  async run(input, { service }) {
    const group = await groupTarget(input, service);
    const description = optionalString(input, 'Description', 2048);
    const precedence = readPrecedence(input);
    const roleArn = readRoleArn(input);
    let updated: GroupRow | undefined;
    // A new precedence reorders the members' cognito:groups claims.
    await changeMemberships(
      service.db,
      (trx) => (precedence !== undefined ? memberSubs(trx, group.name) : Promise.resolve([])),
      async (trx) => {
        updated = await trx
          .updateTable('identity_groups')
          .set({
            ...(description !== undefined ? { description } : {}),
            ...(precedence !== undefined ? { precedence } : {}),
            ...(roleArn !== undefined ? { role_arn: roleArn } : {}),
            updated_at: new Date(service.clock.now()),
          })
          .where('name', '=', group.name)
          .returningAll()
          .executeTakeFirst();
      },
    );
    if (updated === undefined) throw groupNotFound();
    return { Group: describeGroup(updated, service.config.userPoolId) };
  },
};
