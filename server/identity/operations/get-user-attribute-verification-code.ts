import { requiredString } from '../fields.ts';
import { limitPerUser } from '../service.ts';
import { authenticate } from '../sessions.ts';
import { addressInUseMail } from '../account-exists.ts';
import { addressHolder } from '../users.ts';
import { admitCodeMail, sendCode } from '../verification.ts';
import type { Operation } from './operation.ts';
import { requireEmailAttribute } from './verify-user-attribute.ts';

/**
 * GetUserAttributeVerificationCode: a (new) code for the pending email, else the current one;
 * for a pending address that is another account's, its owner's notice (UpdateUserAttributes).
 */
export const getUserAttributeVerificationCode: Operation<'GetUserAttributeVerificationCode'> = {
  signed: false,
  async run(input, { service, ip }) {
    const { user } = await authenticate(service, requiredString(input, 'AccessToken', 8192));
    requireEmailAttribute(input);
    await limitPerUser(service, user.sub);
    const destination = user.pending_email ?? user.email;
    const holder = user.pending_email === null ? undefined : await addressHolder(service.db, user.pending_email, user);
    await admitCodeMail(service, ip, destination, 'email');
    const instead = holder && addressInUseMail(holder, service.publicUrl);
    return { CodeDeliveryDetails: await sendCode(service, user, 'email', destination, { instead }) };
  },
};
