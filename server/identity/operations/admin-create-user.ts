import { checkAttributeWrites, checkEmailIsUsername, EMAIL } from '../attributes.ts';
import { badMember, CognitoError, invalidParameter, userNotFound } from '../errors.ts';
import { attributeList, optionalString, requiredString, stringList } from '../fields.ts';
import { generateTemporaryPassword, sendInvitation, TEMPORARY_PASSWORD_MS } from '../invitations.ts';
import { checkPassword } from '../passwords.ts';
import type { IdentityService } from '../service.ts';
import { describeUser, findUser, isUniqueViolation, userAttributes, type UserRow } from '../users.ts';
import { requirePoolId, type Operation } from './operation.ts';
import { verifierColumns } from '../srp/verifier.ts';

const usernameExists = () => new CognitoError('UsernameExistsException', 'User account already exists');

/**
 * AdminCreateUser: the user starts in FORCE_CHANGE_PASSWORD with a temporary password (given
 * or generated) mailed to them, and must choose their own at first sign-in. `MessageAction`
 * RESEND sends a new temporary password to a user still waiting; SUPPRESS sends nothing.
 */
export const adminCreateUser: Operation<'AdminCreateUser'> = {
  signed: true,
  async run(input, { service }) {
    requirePoolId(input, service);
    const username = requiredString(input, 'Username', 128).trim();
    const given = optionalString(input, 'TemporaryPassword', 256);
    if (given !== undefined) checkPassword(given, 'TemporaryPassword');
    const action = optionalString(input, 'MessageAction', 16);
    if (action !== undefined && action !== 'RESEND' && action !== 'SUPPRESS') {
      throw invalidParameter(
        `1 validation error detected: Value '${action}' at 'messageAction' failed to satisfy constraint: Member must satisfy enum value set: [RESEND, SUPPRESS]`,
      );
    }
    const mediums = stringList(input, 'DesiredDeliveryMediums') ?? ['EMAIL'];
    const unknownMedium = mediums.find((medium) => medium !== 'EMAIL' && medium !== 'SMS');
    if (unknownMedium !== undefined) {
      throw badMember(
        'DesiredDeliveryMediums',
        'Member must satisfy constraint: [Member must satisfy enum value set: [SMS, EMAIL]]',
      );
    }
    const byMail = mediums.includes('EMAIL') && action !== 'SUPPRESS';
    if (mediums.includes('SMS') && !mediums.includes('EMAIL') && action !== 'SUPPRESS') {
      // The embedded pool has no SMS transport; Cognito would need one configured too.
      throw invalidParameter('SMS delivery is not configured for this user pool.');
    }
    const password = given ?? generateTemporaryPassword();
    const passwordHash = await service.passwords.hash(password);
    const now = service.clock.now();

    if (action === 'RESEND') {
      const user = await findUser(service.db, username);
      if (user === undefined) throw userNotFound();
      if (user.status !== 'FORCE_CHANGE_PASSWORD') {
        throw new CognitoError(
          'UnsupportedUserStateException',
          `Resend not possible. ${user.username} status is not FORCE_CHANGE_PASSWORD`,
        );
      }
      const updated = await service.db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('identity_users')
          .set({
            password_hash: passwordHash,
            // The temporary password signs in with SRP too (Amplify, amazon-cognito-identity-js).
            ...verifierColumns(service.srp, user.username, password),
            temporary_password_expires_at: new Date(now + TEMPORARY_PASSWORD_MS),
            updated_at: new Date(now),
          })
          .where('sub', '=', user.sub)
          .returningAll()
          .executeTakeFirstOrThrow();
        if (byMail) await sendInvitation(service, row.email, password, trx);
        return row;
      });
      return { User: describeCreated(updated) };
    }

    if (!EMAIL.test(username)) throw invalidParameter('Username should be an email.');
    const attributes = checkAttributeWrites(
      attributeList(input, 'UserAttributes', false),
      service.config.customAttributes,
      'admin',
    );
    checkEmailIsUsername(username, attributes.columns.email);
    return { User: describeCreated(await insertUser(service, username, attributes, passwordHash, password, byMail, now)) };
  },
};

async function insertUser(
  service: IdentityService,
  email: string,
  attributes: ReturnType<typeof checkAttributeWrites>,
  passwordHash: string,
  password: string,
  byMail: boolean,
  now: number,
): Promise<UserRow> {
  if ((await findUser(service.db, email)) !== undefined) throw usernameExists();
  try {
    return await service.db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('identity_users')
        .values({
          username: '',
          email,
          email_verified: attributes.email_verified ?? false,
          pending_email: null,
          given_name: attributes.columns.given_name ?? null,
          family_name: attributes.columns.family_name ?? null,
          phone_number: attributes.columns.phone_number ?? null,
          status: 'FORCE_CHANGE_PASSWORD',
          enabled: true,
          password_hash: passwordHash,
          identities: null,
          failed_sign_ins: 0,
          last_failed_sign_in_at: null,
          locked_until: null,
          created_at: new Date(now),
          updated_at: new Date(now),
          attributes: JSON.stringify(attributes.others),
          temporary_password_expires_at: new Date(now + TEMPORARY_PASSWORD_MS),
        })
        .returning('sub')
        .executeTakeFirstOrThrow();
      // Email is an alias: the username is the immutable sub, as SignUp makes it.
      const user = await trx
        .updateTable('identity_users')
        .set({ username: created.sub, ...verifierColumns(service.srp, created.sub, password) })
        .where('sub', '=', created.sub)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (byMail) await sendInvitation(service, email, password, trx);
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameExists();
    throw error;
  }
}

function describeCreated(user: UserRow) {
  return { ...describeUser(user), Attributes: userAttributes(user) };
}
