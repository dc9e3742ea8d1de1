import { requiredString } from '../fields.ts';
import { authenticate } from '../sessions.ts';
import type { Operation } from './operation.ts';

/** DeleteUser: the signed-in user deletes their own account (codes and sessions go with it). */
export const deleteUser: Operation<'DeleteUser'> = {
  signed: false,
  async run(input, { service }) {
    const { user } = await authenticate(service, requiredString(input, 'AccessToken', 8192));
    await service.db.deleteFrom('identity_users').where('sub', '=', user.sub).execute();
    return {};
  },
};
