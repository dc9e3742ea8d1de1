import type { SignUpResponse } from '@aws-sdk/client-cognito-identity-provider';
import { invalidParameter, usernameExists } from '../errors.ts';
import { attributeList, requiredString } from '../fields.ts';
import { checkPassword } from '../passwords.ts';
import { limitPerUser } from '../service.ts';
import { findUser, isUniqueViolation, readAttributeChanges } from '../users.ts';
import { sendCode } from '../verification.ts';
import { requireClientId, type Operation } from './operation.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** SignUp: email as username; the account stays UNCONFIRMED until ConfirmSignUp. */
export const signUp: Operation = {
  signed: false,
  async run(input, { service }): Promise<SignUpResponse> {
    requireClientId(input, service);
    const username = requiredString(input, 'Username', 128).trim();
    const password = requiredString(input, 'Password', 1024);
    if (!EMAIL.test(username)) throw invalidParameter('Username should be an email.');
    const attributes = readAttributeChanges(attributeList(input, 'UserAttributes', false));
    checkPassword(password, 'Password');
    await limitPerUser(service, username);
    if ((await findUser(service.db, username)) !== undefined) throw usernameExists();

    const passwordHash = await service.passwords.hash(password);
    const now = new Date(service.clock.now());
    try {
      return await service.db.transaction().execute(async (trx) => {
        const user = await trx
          .insertInto('identity_users')
          .values({
            username: '',
            email: username,
            email_verified: false,
            pending_email: null,
            given_name: attributes.given_name ?? null,
            family_name: attributes.family_name ?? null,
            phone_number: attributes.phone_number ?? null,
            status: 'UNCONFIRMED',
            enabled: true,
            password_hash: passwordHash,
            identities: null,
            failed_sign_ins: 0,
            last_failed_sign_in_at: null,
            locked_until: null,
            created_at: now,
            updated_at: now,
          })
          .returning('sub')
          .executeTakeFirstOrThrow();
        // Email is an alias: the username is the immutable sub, as Cognito assigns it.
        await trx.updateTable('identity_users').set({ username: user.sub }).where('sub', '=', user.sub).execute();
        const delivery = await sendCode(service, user, 'signup', username, trx);
        return { UserConfirmed: false, UserSub: user.sub, CodeDeliveryDetails: delivery };
      });
    } catch (error) {
      // Two sign-ups for one address at once: the unique index lets one through.
      if (isUniqueViolation(error)) throw usernameExists();
      throw error;
    }
  },
};
