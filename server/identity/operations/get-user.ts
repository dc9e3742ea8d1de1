import { requiredString } from '../fields.ts';
import { authenticate } from '../sessions.ts';
import { userAttributes } from '../users.ts';
import type { Operation } from './operation.ts';

/** GetUser: the signed-in user's username and attributes. */
export const getUser: Operation<'GetUser'> = {
  readOnly: true,
  signed: false,
  async run(input, { service }) {
    const { user } = await authenticate(service, requiredString(input, 'AccessToken', 8192));
    return { Username: user.username, UserAttributes: userAttributes(user) };
  },
};
