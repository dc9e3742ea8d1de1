import { requiredString } from '../fields.ts';
import { limitPerUser } from '../service.ts';
import { pretendCodeDelivery, timedSendCode } from '../unknown-user-limits.ts';
import { findUser, resettable } from '../users.ts';
import { admitCodeMail } from '../verification.ts';
import { requireClientId, type Operation } from './operation.ts';

/** ForgotPassword: a reset code valid 1 h, mailed to the account's address; any other name gets a pretend delivery. */
export const forgotPassword: Operation<'ForgotPassword'> = {
  signed: false,
  async run(input, { service, ip }) {
    requireClientId(input, service);
    const username = requiredString(input, 'Username', 128);
    await limitPerUser(service, username);
    const user = await findUser(service.db, username);
    const paced = await admitCodeMail(service, ip, user?.email ?? username, 'reset');
    if (user === undefined || !resettable(user)) {
      return { CodeDeliveryDetails: await pretendCodeDelivery(service, username, 'reset', paced) };
    }
    // Whatever the account's state (disabled, invited, reset by the operator), the code goes to
    // its address: Cognito answers some states with errors, which tell a stranger that the
    // name is an account.
    return { CodeDeliveryDetails: await timedSendCode(service, user, 'reset', user.email, { paced }) };
  },
};
