import { revokeAllSessions } from '../sessions.ts';
import { adminTarget } from './admin-user.ts';
import type { Operation } from './operation.ts';

export const adminUserGlobalSignOut: Operation<'AdminUserGlobalSignOut'> = {
  signed: true,
  async run(input, { service }) {
    const user = await adminTarget(input, service);
    await revokeAllSessions(service.db, user.sub, service.clock.now());
    return {};
  },
};
