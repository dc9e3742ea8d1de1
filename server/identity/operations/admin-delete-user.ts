import { adminTarget } from './admin-user.ts';
import type { Operation } from './operation.ts';

/** AdminDeleteUser: the account, its codes and its sessions are gone (so are its tokens). */
export const adminDeleteUser: Operation<'AdminDeleteUser'> = {
  signed: true,
  async run(input, { service }) {
    const user = await adminTarget(input, service);
    await service.db.deleteFrom('identity_users').where('sub', '=', user.sub).execute();
    return {};
  },
};
