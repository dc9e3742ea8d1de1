import { resendAsAccountExists } from '../account-exists.ts';
import { requiredString } from '../fields.ts';
import { limitPerUser } from '../service.ts';
import { pretendCodeDelivery, timedSendCode } from '../unknown-user-limits.ts';
import { findUser } from '../users.ts';
import { admitCodeMail } from '../verification.ts';
import { requireClientId, type Operation } from './operation.ts';

/**
 * ResendConfirmationCode: a new sign-up code; for an unknown user, a pretend delivery that
 * answers alike; for a confirmed account, a mail that it exists, answered alike too.
 */
export const resendConfirmationCode: Operation<'ResendConfirmationCode'> = {
  signed: false,
  async run(input, { service, ip }) {
    requireClientId(input, service);
    const username = requiredString(input, 'Username', 128);
    await limitPerUser(service, username);
    const user = await findUser(service.db, username);
    const paced = await admitCodeMail(service, ip, user?.email ?? username, 'signup');
    if (user === undefined) return { CodeDeliveryDetails: await pretendCodeDelivery(service, username, 'signup', paced) };
    if (user.status !== 'UNCONFIRMED') return { CodeDeliveryDetails: await resendAsAccountExists(service, user, paced) };
    return { CodeDeliveryDetails: await timedSendCode(service, user, 'signup', user.email, { paced }) };
  },
};
