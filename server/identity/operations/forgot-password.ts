import { noVerifiedDestination, passwordCannotBeReset, userDisabled } from '../errors.ts';
import { requiredString } from '../fields.ts';
import { limitPerUser } from '../service.ts';
import { pretendCodeDelivery, timedSendCode } from '../unknown-user-limits.ts';
import { findUser } from '../users.ts';
import { admitCodeMail } from '../verification.ts';
import { requireClientId, type Operation } from './operation.ts';

/** ForgotPassword: a reset code valid 1 h; an unknown user gets a pretend delivery, not an error. */
export const forgotPassword: Operation<'ForgotPassword'> = {
  signed: false,
  async run(input, { service, ip }) {
    requireClientId(input, service);
    const username = requiredString(input, 'Username', 128);
    await limitPerUser(service, username);
    const user = await findUser(service.db, username);
    const paced = await admitCodeMail(service, ip, user?.email ?? username, 'reset');
    if (user === undefined || user.password_hash === null) {
      return { CodeDeliveryDetails: await pretendCodeDelivery(service, username, 'reset', paced) };
    }
    if (!user.enabled) throw userDisabled();
    // An invited user still holds the operator's temporary password: Cognito sends no reset code then.
    if (user.status === 'FORCE_CHANGE_PASSWORD') throw passwordCannotBeReset();
    if (!user.email_verified) throw noVerifiedDestination();
    return { CodeDeliveryDetails: await timedSendCode(service, user, 'reset', user.email, { paced }) };
  },
};
