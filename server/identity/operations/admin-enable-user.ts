import { adminTarget } from './admin-user.ts';
import type { Operation } from './operation.ts';

export const adminEnableUser: Operation<'AdminEnableUser'> = {
  signed: true,
  async run(input, { service }) {
    const user = await adminTarget(input, service);
    await service.db
      .updateTable('identity_users')
      .set({ enabled: true, updated_at: new Date(service.clock.now()) })
      .where('sub', '=', user.sub)
      .execute();
    return {};
  },
};
