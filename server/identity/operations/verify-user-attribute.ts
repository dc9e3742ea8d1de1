import { aliasExists, invalidParameter } from '../errors.ts';
import { requiredString, type Input } from '../fields.ts';
import { reportAccountEvent } from '../security-events.ts';
import { limitPerUser } from '../service.ts';
import { authenticate } from '../sessions.ts';
import { checkAddressFree, isUniqueViolation, releaseUnconfirmedHolder } from '../users.ts';
import { consumeCode } from '../verification.ts';
import type { Operation } from './operation.ts';

/** Only email is verified by code here (phone numbers are stored but not verified). */
export function requireEmailAttribute(input: Input): void {
  const name = requiredString(input, 'AttributeName', 32);
  if (name !== 'email') throw invalidParameter(`Invalid attribute name: ${name}. Only email can be verified.`);
}

/** VerifyUserAttribute: the code makes a pending email the sign-in address, verified. */
export const verifyUserAttribute: Operation<'VerifyUserAttribute'> = {
  signed: false,
  async run(input, { service, ...client }) {
    const { user, claims } = await authenticate(service, requiredString(input, 'AccessToken', 8192));
    requireEmailAttribute(input);
    const code = requiredString(input, 'Code', 2048);
    await limitPerUser(service, user.sub);
    const newEmail = user.pending_email;
    try {
      // The code must be the one mailed to the address it makes the sign-in address. Only then
      // is it told that another account took the address meanwhile: to its owner, who has the code.
      await consumeCode(service, user.sub, 'email', newEmail ?? user.email, code, async (trx) => {
        if (newEmail !== null) {
          await checkAddressFree(trx, newEmail, user);
          await releaseUnconfirmedHolder(trx, newEmail, user);
        }
        await trx
          .updateTable('identity_users')
          .set({
            ...(newEmail !== null ? { email: newEmail, pending_email: null } : {}),
            email_verified: true,
            updated_at: new Date(service.clock.now()),
          })
          .where('sub', '=', user.sub)
          .execute();
      });
    } catch (error) {
      // Another account took the address since the check above.
      if (isUniqueViolation(error)) throw aliasExists();
      throw error;
    }
    await reportAccountEvent(service, client, 'email.verify', user, {
      token: claims,
      changes: { email: { old: user.email, new: newEmail ?? user.email } },
    });
    return {};
  },
};
