import { describeUser, userAttributes } from '../users.ts';
import { adminTarget } from './admin-user.ts';
import type { Operation } from './operation.ts';

export const adminGetUser: Operation<'AdminGetUser'> = {
  readOnly: true,
  signed: true,
  async run(input, { service }) {
    const user = await adminTarget(input, service);
    return { ...describeUser(user), UserAttributes: userAttributes(user) };
  },
};
