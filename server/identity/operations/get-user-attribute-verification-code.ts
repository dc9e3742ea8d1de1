import { requiredString } from '../fields.ts';
import { limitPerUser } from '../service.ts';
import { authenticate } from '../sessions.ts';
import { admitCodeMail, sendCode } from '../verification.ts';
import type { Operation } from './operation.ts';
import { requireEmailAttribute } from './verify-user-attribute.ts';

/** GetUserAttributeVerificationCode: a (new) code for the pending email, else the current one. */
export const getUserAttributeVerificationCode: Operation<'GetUserAttributeVerificationCode'> = {
  signed: false,
  async run(input, { service, ip }) {
    const { user } = await authenticate(service, requiredString(input, 'AccessToken', 8192));
    requireEmailAttribute(input);
    await limitPerUser(service, user.sub);
    const destination = user.pending_email ?? user.email;
    await admitCodeMail(service, ip, destination, 'email');
    return { CodeDeliveryDetails: await sendCode(service, user, 'email', destination) };
  },
};
