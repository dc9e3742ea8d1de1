import { codeMismatch } from '../errors.ts';
import { requiredString } from '../fields.ts';
import { checkPassword } from '../passwords.ts';
import { limitPerUser } from '../service.ts';
import { revokeAllSessions } from '../sessions.ts';
import { findUser } from '../users.ts';
import { consumeCode } from '../verification.ts';
import { requireClientId, type Operation } from './operation.ts';

/**
 * ConfirmForgotPassword: the reset code sets a new password, clears the lockout and ends
 * every session (whoever knew the old password is signed out).
 */
export const confirmForgotPassword: Operation = {
  signed: false,
  async run(input, { service }) {
    requireClientId(input, service);
    const username = requiredString(input, 'Username', 128);
    const code = requiredString(input, 'ConfirmationCode', 2048);
    const password = requiredString(input, 'Password', 1024);
    checkPassword(password, 'Password');
    await limitPerUser(service, username);
    const user = await findUser(service.db, username);
    if (user === undefined) throw codeMismatch();
    const passwordHash = await service.passwords.hash(password);
    await consumeCode(service, user.sub, 'reset', code, async (trx) => {
      const now = service.clock.now();
      await trx
        .updateTable('identity_users')
        .set({
          password_hash: passwordHash,
          failed_sign_ins: 0,
          last_failed_sign_in_at: null,
          locked_until: null,
          ...(user.status === 'RESET_REQUIRED' ? { status: 'CONFIRMED' as const } : {}),
          updated_at: new Date(now),
        })
        .where('sub', '=', user.sub)
        .execute();
      await revokeAllSessions(trx, user.sub, now);
    });
    return {};
  },
};
