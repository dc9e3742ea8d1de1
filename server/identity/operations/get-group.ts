import type { GetGroupResponse } from '@aws-sdk/client-cognito-identity-provider';
import { describeGroup } from '../groups.ts';
import type { Wire } from '../wire.ts';
import { groupTarget } from './group-target.ts';
import type { Operation } from './operation.ts';

export const getGroup: Operation = {
  readOnly: true,
  signed: true,
  async run(input, { service }): Promise<Wire<GetGroupResponse>> {
    return { Group: describeGroup(await groupTarget(input, service), service.config.userPoolId) };
  },
};
