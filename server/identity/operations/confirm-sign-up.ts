import { requiredString } from '../fields.ts';
import { limitPerUser } from '../service.ts';
import { unknownUserLimits } from '../unknown-user-limits.ts';
import { findUser } from '../users.ts';
import { consumeCode } from '../verification.ts';
import { requireClientId, type Operation } from './operation.ts';

/** ConfirmSignUp: the code from the sign-up mail confirms the account and verifies its email. */
export const confirmSignUp: Operation<'ConfirmSignUp'> = {
  signed: false,
  async run(input, { service }) {
    requireClientId(input, service);
    const username = requiredString(input, 'Username', 128);
    const code = requiredString(input, 'ConfirmationCode', 2048);
    await limitPerUser(service, username);
    const user = await findUser(service.db, username);
    // An unknown user, or an account past sign-up, is answered as a wrong code for an unconfirmed
    // account (its attempt limit too): no account enumeration.
    if (user?.status !== 'UNCONFIRMED') {
      throw await unknownUserLimits(service).wrongGuess(user?.email ?? username, 'signup', service.clock.now());
    }
    await consumeCode(service, user.sub, 'signup', user.email, code, async (trx) => {
      await trx
        .updateTable('identity_users')
        .set({ status: 'CONFIRMED', email_verified: true, updated_at: new Date(service.clock.now()) })
        .where('sub', '=', user.sub)
        .execute();
    });
    return {};
  },
};
