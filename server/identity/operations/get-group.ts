import { describeGroup } from '../groups.ts';
import { groupTarget } from './group-target.ts';
import type { Operation } from './operation.ts';

export const getGroup: Operation<'GetGroup'> = {
  readOnly: true,
  signed: true,
  async run(input, { service }) {
    return { Group: describeGroup(await groupTarget(input, service), service.config.userPoolId) };
  },
};
