import { notAuthorized } from '../errors.ts';
import { adminTarget } from './admin-user.ts';
import type { Operation } from './operation.ts';

/** AdminConfirmSignUp: confirms an UNCONFIRMED user without their code (the code is dropped). */
export const adminConfirmSignUp: Operation<'AdminConfirmSignUp'> = {
  signed: true,
  async run(input, { service }) {
    const user = await adminTarget(input, service);
    if (user.status !== 'UNCONFIRMED') throw notAuthorized(`User cannot be confirmed. Current status is ${user.status}`);
    await service.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('identity_users')
        .set({ status: 'CONFIRMED', updated_at: new Date(service.clock.now()) })
        .where('sub', '=', user.sub)
        .where('status', '=', 'UNCONFIRMED')
        .execute();
      await trx.deleteFrom('identity_codes').where('user_sub', '=', user.sub).where('purpose', '=', 'signup').execute();
    });
    return {};
  },
};
