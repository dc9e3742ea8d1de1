import { requiredString } from '../fields.ts';
import { reportAccountEvent } from '../security-events.ts';
import { authenticate, revokeAllSessions } from '../sessions.ts';
import type { Operation } from './operation.ts';

/** GlobalSignOut: ends every session of the user, on every device. */
export const globalSignOut: Operation<'GlobalSignOut'> = {
  signed: false,
  async run(input, { service, ...client }) {
    const { user } = await authenticate(service, requiredString(input, 'AccessToken', 8192));
    await revokeAllSessions(service.db, user.sub, service.clock.now());
    await reportAccountEvent(service, client, 'sign-out', user);
    return {};
  },
};
