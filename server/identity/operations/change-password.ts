import { incorrectCredentials } from '../errors.ts';
import { requiredString } from '../fields.ts';
import { checkPassword } from '../passwords.ts';
import { reportAccountEvent } from '../security-events.ts';
import { limitPerUser } from '../service.ts';
import { authenticate } from '../sessions.ts';
import { verifierColumns } from '../srp/verifier.ts';
import type { Operation } from './operation.ts';

/** ChangePassword: the previous password must match; the new one must meet the policy. */
export const changePassword: Operation<'ChangePassword'> = {
  signed: false,
  async run(input, { service, ...client }) {
    const { user } = await authenticate(service, requiredString(input, 'AccessToken', 8192));
    const previous = requiredString(input, 'PreviousPassword', 1024);
    const proposed = requiredString(input, 'ProposedPassword', 1024);
    checkPassword(proposed, 'ProposedPassword');
    await limitPerUser(service, user.sub);
    if (!(await service.passwords.verify(user.password_hash, previous))) throw incorrectCredentials();
    await service.db
      .updateTable('identity_users')
      .set({
        password_hash: await service.passwords.hash(proposed),
        ...verifierColumns(service.srp, user.username, proposed),
        updated_at: new Date(service.clock.now()),
      })
      .where('sub', '=', user.sub)
      .execute();
    await reportAccountEvent(service, client, 'password.change', user);
    return {};
  },
};
