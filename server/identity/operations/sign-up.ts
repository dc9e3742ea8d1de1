import { invalidParameter, usernameExists } from '../errors.ts';
import { attributeList, requiredString } from '../fields.ts';
import { checkPassword } from '../passwords.ts';
import { limitPerUser } from '../service.ts';
import { checkAttributeWrites, checkEmailIsUsername, EMAIL } from '../attributes.ts';
import { verifierColumns } from '../srp/verifier.ts';
import { findUser, isUniqueViolation } from '../users.ts';
import { admitCodeMail, sendCode } from '../verification.ts';
import { requireClientId, type Operation } from './operation.ts';

/** SignUp: email as username; the account stays UNCONFIRMED until ConfirmSignUp. */
export const signUp: Operation<'SignUp'> = {
  signed: false,
  async run(input, { service, ip }) {
    requireClientId(input, service);
    const username = requiredString(input, 'Username', 128).trim();
    const password = requiredString(input, 'Password', 1024);
    if (!EMAIL.test(username)) throw invalidParameter('Username should be an email.');
    const { columns: attributes, others } = checkAttributeWrites(
      attributeList(input, 'UserAttributes', false),
      service.config.customAttributes,
      'user',
    );
    checkEmailIsUsername(username, attributes.email);
    checkPassword(password, 'Password');
    await limitPerUser(service, username);
    if ((await findUser(service.db, username)) !== undefined) throw usernameExists();
    // Counted only when a mail would go: sign-ups for a taken address cannot use up its owner's quota.
    await admitCodeMail(service, ip, username, 'signup');

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
            attributes: JSON.stringify(others),
          })
          .returning('sub')
          .executeTakeFirstOrThrow();
        // Email is an alias: the username is the immutable sub, as Cognito assigns it.
        await trx
          .updateTable('identity_users')
          .set({ username: user.sub, ...verifierColumns(service.srp, user.sub, password) })
          .where('sub', '=', user.sub)
          .execute();
        const delivery = await sendCode(service, user, 'signup', username, { executor: trx });
        return { UserConfirmed: false, UserSub: user.sub, CodeDeliveryDetails: delivery };
      });
    } catch (error) {
      // Two sign-ups for one address at once: the unique index lets one through.
      if (isUniqueViolation(error)) throw usernameExists();
      throw error;
    }
  },
};
