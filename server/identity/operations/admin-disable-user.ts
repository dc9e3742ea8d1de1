import { revokeAllSessions } from '../sessions.ts';
import { adminTarget } from './admin-user.ts';
import type { Operation } from './operation.ts';

/** AdminDisableUser: the user can no longer sign in, and every session they had ends now. */
export const adminDisableUser: Operation<'AdminDisableUser'> = {
  signed: true,
  async run(input, { service }) {
    const user = await adminTarget(input, service);
    const now = service.clock.now();
    await service.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('identity_users')
        .set({ enabled: false, updated_at: new Date(now) })
        .where('sub', '=', user.sub)
        .execute();
      await revokeAllSessions(trx, user.sub, now);
    });
    return {};
  },
};
