import { invalidParameter } from '../errors.ts';
import { sendCode } from '../verification.ts';
import { adminTarget } from './admin-user.ts';
import type { Operation } from './operation.ts';

/**
 * AdminResetUserPassword: the password stops working (sign-in answers
 * PasswordResetRequiredException) and a reset code goes to the verified email for
 * ConfirmForgotPassword. An unconfirmed user just gets a new reset code, as Cognito does.
 */
export const adminResetUserPassword: Operation<'AdminResetUserPassword'> = {
  signed: true,
  async run(input, { service }) {
    const user = await adminTarget(input, service);
    if (!user.email_verified) {
      throw invalidParameter('Cannot reset password for the user as there is no registered/verified email or phone_number');
    }
    await service.db.transaction().execute(async (trx) => {
      if (user.status !== 'UNCONFIRMED') {
        await trx
          .updateTable('identity_users')
          .set({ status: 'RESET_REQUIRED', temporary_password_expires_at: null, updated_at: new Date(service.clock.now()) })
          .where('sub', '=', user.sub)
          .execute();
      }
      await sendCode(service, user, 'reset', user.email, { executor: trx });
    });
    return {};
  },
};
