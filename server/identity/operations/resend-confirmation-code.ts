import type { ResendConfirmationCodeResponse } from '@aws-sdk/client-cognito-identity-provider';
import { invalidParameter } from '../errors.ts';
import { requiredString } from '../fields.ts';
import { limitPerUser } from '../service.ts';
import { findUser } from '../users.ts';
import { deliveryDetails, sendCode } from '../verification.ts';
import { requireClientId, type Operation } from './operation.ts';

/** ResendConfirmationCode: a new sign-up code; for an unknown user, a simulated delivery. */
export const resendConfirmationCode: Operation = {
  signed: false,
  async run(input, { service }): Promise<ResendConfirmationCodeResponse> {
    requireClientId(input, service);
    const username = requiredString(input, 'Username', 128);
    await limitPerUser(service, username);
    const user = await findUser(service.db, username);
    if (user === undefined) return { CodeDeliveryDetails: deliveryDetails(username) };
    if (user.status !== 'UNCONFIRMED') throw invalidParameter('User is already confirmed.');
    return { CodeDeliveryDetails: await sendCode(service, user, 'signup', user.email) };
  },
};
