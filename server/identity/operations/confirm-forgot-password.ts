import { requiredString } from '../fields.ts';
import { checkPassword } from '../passwords.ts';
import { reportAccountEvent } from '../security-events.ts';
import { limitPerUser } from '../service.ts';
import { revokeAllSessions } from '../sessions.ts';
import { verifierColumns } from '../srp/verifier.ts';
import { unknownUserLimits } from '../unknown-user-limits.ts';
import { findUser, resettable } from '../users.ts';
import { consumeCode } from '../verification.ts';
import { requireClientId, type Operation } from './operation.ts';

/**
 * ConfirmForgotPassword: the reset code sets a new password, clears the lockout, confirms an
 * account that waited on a new password, and ends every session (whoever knew the old password
 * is signed out). An unknown user is answered as an account without that code would be, after
 * the same work. A disabled account stays disabled.
 */
export const confirmForgotPassword: Operation<'ConfirmForgotPassword'> = {
  signed: false,
  async run(input, { service, ...client }) {
    requireClientId(input, service);
    const username = requiredString(input, 'Username', 128);
    const code = requiredString(input, 'ConfirmationCode', 2048);
    const password = requiredString(input, 'Password', 1024);
    checkPassword(password, 'Password');
    await limitPerUser(service, username);
    // Hashed before the lookup, so an unknown user costs the same hash as a known one.
    const passwordHash = await service.passwords.hash(password);
    const user = await findUser(service.db, username);
    // An account ForgotPassword answered as no account is answered so here too.
    if (user === undefined || !resettable(user)) {
      throw await unknownUserLimits(service).wrongGuess(username, 'reset', service.clock.now());
    }
    await consumeCode(service, user.sub, 'reset', user.email, code, async (trx) => {
      const now = service.clock.now();
      await trx
        .updateTable('identity_users')
        .set({
          password_hash: passwordHash,
          ...verifierColumns(service.srp, user.username, password),
          failed_sign_ins: 0,
          last_failed_sign_in_at: null,
          locked_until: null,
          // An invitee who lost the invitation, or a user the operator reset, is done waiting.
          status: 'CONFIRMED',
          temporary_password_expires_at: null,
          updated_at: new Date(now),
        })
        .where('sub', '=', user.sub)
        .execute();
      await revokeAllSessions(trx, user.sub, now);
    });
    await reportAccountEvent(service, client, 'password.reset', user);
    return {};
  },
};
