import { badMember } from '../errors.ts';
import { requiredString } from '../fields.ts';
import { TEMPORARY_PASSWORD_MS } from '../invitations.ts';
import { checkPassword } from '../passwords.ts';
import { adminTarget } from './admin-user.ts';
import type { Operation } from './operation.ts';
import { verifierColumns } from '../srp/verifier.ts';

/**
 * AdminSetUserPassword: `Permanent` true makes the password the user's own (CONFIRMED);
 * false makes it a temporary one they must replace at their next sign-in
 * (FORCE_CHANGE_PASSWORD). Either way a lockout ends.
 */
export const adminSetUserPassword: Operation<'AdminSetUserPassword'> = {
  signed: true,
  async run(input, { service }) {
    const user = await adminTarget(input, service);
    const password = requiredString(input, 'Password', 256);
    const permanent = input.Permanent ?? false;
    if (typeof permanent !== 'boolean') throw badMember('Permanent', 'Member must be a boolean');
    checkPassword(password, 'Password');
    const now = service.clock.now();
    await service.db
      .updateTable('identity_users')
      .set({
        password_hash: await service.passwords.hash(password),
        ...verifierColumns(service.srp, user.username, password),
        status: permanent ? 'CONFIRMED' : 'FORCE_CHANGE_PASSWORD',
        temporary_password_expires_at: permanent ? null : new Date(now + TEMPORARY_PASSWORD_MS),
        failed_sign_ins: 0,
        last_failed_sign_in_at: null,
        locked_until: null,
        updated_at: new Date(now),
      })
      .where('sub', '=', user.sub)
      .execute();
    return {};
  },
};
