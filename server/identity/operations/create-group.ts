import { CognitoError } from '../errors.ts';
import { optionalString } from '../fields.ts';
import { describeGroup } from '../groups.ts';
import { readGroupName, readPrecedence, readRoleArn } from './group-target.ts';
import { requirePoolId, type Operation } from './operation.ts';

export const createGroup: Operation<'CreateGroup'> = {
  signed: true,
  async run(input, { service }) {
    requirePoolId(input, service);
    const name = readGroupName(input);
    const description = optionalString(input, 'Description', 2048) ?? null;
    const precedence = readPrecedence(input) ?? null;
    const roleArn = readRoleArn(input) ?? null;
    const now = new Date(service.clock.now());
    const group = await service.db
      .insertInto('identity_groups')
      .values({ name, description, precedence, role_arn: roleArn, created_at: now, updated_at: now })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (group === undefined) throw new CognitoError('GroupExistsException', `A group with the name ${name} already exists.`);
    return { Group: describeGroup(group, service.config.userPoolId) };
  },
};
