import type { ForgotPasswordResponse } from '@aws-sdk/client-cognito-identity-provider';
import { attemptLimit, invalidParameter, userDisabled } from '../errors.ts';
import { requiredString } from '../fields.ts';
import { limitPerUser } from '../service.ts';
import { unknownUserLimits } from '../unknown-user-limits.ts';
import { findUser } from '../users.ts';
import { deliveryDetails, sendCode } from '../verification.ts';
import { requireClientId, type Operation } from './operation.ts';

/** ForgotPassword: a reset code valid 1 h; an unknown user gets a simulated delivery, not an error. */
export const forgotPassword: Operation = {
  signed: false,
  async run(input, { service }): Promise<ForgotPasswordResponse> {
    requireClientId(input, service);
    const username = requiredString(input, 'Username', 128);
    await limitPerUser(service, username);
    const user = await findUser(service.db, username);
    if (user === undefined || user.password_hash === null) {
      // The hourly limit and about the time of a real code send, so neither reveals who exists.
      const pretend = unknownUserLimits(service);
      if (!pretend.allowCodeSend(username, service.clock.now())) throw attemptLimit();
      await pretend.pretendCodeSend();
      return { CodeDeliveryDetails: deliveryDetails(username) };
    }
    if (!user.enabled) throw userDisabled();
    if (!user.email_verified) {
      throw invalidParameter('Cannot reset password for the user as there is no registered/verified email or phone_number');
    }
    const started = performance.now();
    const CodeDeliveryDetails = await sendCode(service, user, 'reset', user.email);
    unknownUserLimits(service).noteCodeSend(performance.now() - started);
    return { CodeDeliveryDetails };
  },
};
