import { noVerifiedDestination, passwordCannotBeReset } from '../errors.ts';
import { sendCode } from '../verification.ts';
import { adminTarget } from './admin-user.ts';
import type { Operation } from './operation.ts';

/**
 * AdminResetUserPassword: the password stops working (sign-in answers
 * PasswordResetRequiredException) and a reset code goes to the verified email for
 * ConfirmForgotPassword. An unconfirmed user just gets a new reset code, as Cognito does; one
 * still on a temporary password (FORCE_CHANGE_PASSWORD) is refused.
 */
export const adminResetUserPassword: Operation<'AdminResetUserPassword'> = {
  signed: true,
  async run(input, { service }) {
    const user = await adminTarget(input, service);
    // Still on the operator's temporary password: Cognito refuses, whatever the email, and a new
    // one is sent with AdminCreateUser's RESEND.
    if (user.status === 'FORCE_CHANGE_PASSWORD') throw passwordCannotBeReset();
    if (!user.email_verified) throw noVerifiedDestination();
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
