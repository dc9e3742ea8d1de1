import { attemptLimit, incorrectCredentials, userNotFound } from '../errors.ts';
import { requiredString } from '../fields.ts';
import { withPasswordCheck } from '../password-checks.ts';
import { checkPassword } from '../passwords.ts';
import { reportAccountEvent } from '../security-events.ts';
import { limitPerUser } from '../service.ts';
import { authenticate } from '../sessions.ts';
import { recordFailure } from '../sign-in.ts';
import { verifierColumns } from '../srp/verifier.ts';
import { findUserBySub } from '../users.ts';
import type { Operation } from './operation.ts';

/**
 * ChangePassword: the previous password must match; the new one must meet the policy. A wrong
 * previous password counts as a failed sign-in and the sign-in lockout (checks in flight
 * counted too) holds here as well, so whoever holds a token cannot guess the password faster
 * than a sign-in could.
 */
export const changePassword: Operation<'ChangePassword'> = {
  signed: false,
  async run(input, { service, ...client }) {
    const { user: signedIn } = await authenticate(service, requiredString(input, 'AccessToken', 8192));
    const previous = requiredString(input, 'PreviousPassword', 1024);
    const proposed = requiredString(input, 'ProposedPassword', 1024);
    checkPassword(proposed, 'ProposedPassword');
    await limitPerUser(service, signedIn.sub);
    // Read afresh: the token check may have been answered from a cache older than the lock.
    const user = await findUserBySub(service.db, signedIn.sub);
    if (user === undefined) throw userNotFound();
    const now = service.clock.now();
    await withPasswordCheck(service, { sub: user.sub }, attemptLimit, async () => {
      if (!(await service.passwords.verify(user.password_hash, previous))) {
        await recordFailure(service, user.sub, service.clock.now());
        throw incorrectCredentials();
      }
    });
    await service.db
      .updateTable('identity_users')
      .set({
        password_hash: await service.passwords.hash(proposed),
        ...verifierColumns(service.srp, user.username, proposed),
        failed_sign_ins: 0,
        last_failed_sign_in_at: null,
        locked_until: null,
        updated_at: new Date(now),
      })
      .where('sub', '=', user.sub)
      .execute();
    await reportAccountEvent(service, client, 'password.change', user);
    return {};
  },
};
