import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import { mailAccountExists } from '../account-exists.ts';
import { invalidParameter } from '../errors.ts';
import { attributeList, requiredString } from '../fields.ts';
import { checkPassword } from '../passwords.ts';
import { limitPerUser } from '../service.ts';
import { checkAttributeWrites, checkEmailIsUsername, EMAIL } from '../attributes.ts';
import { verifierColumns } from '../srp/verifier.ts';
import { findUser, isUniqueViolation } from '../users.ts';
import { admitCodeMail, deliveryDetails, sendOrKeepCode } from '../verification.ts';
import { requireClientId, type Operation } from './operation.ts';

/** The pending sign-up stays: its code is the one in force (the send was paced). */
class PendingSignUpKept extends Error {}

/**
 * SignUp: email as username; the account stays UNCONFIRMED until ConfirmSignUp.
 *
 * Every sign-up is answered alike, with the same work (one password hash, one SRP verifier,
 * one mail through the code quotas), so neither tells whether the address has an account:
 * - a new address gets its account and a code;
 * - an address an unconfirmed sign-up holds gets this sign-up in its place (a new sub, this
 *   password and these attributes, a new code; the old code dead), so a stranger's sign-up
 *   never keeps the address's owner out, and the owner's own repeat sign-up just works;
 * - an address whose account is past sign-up is left as it is, and its owner is mailed that
 *   they already have an account (account-exists.ts); the sub answered is no account's.
 */
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
    const holder = await findUser(service.db, username);
    const paced = await admitCodeMail(service, ip, holder?.email ?? username, 'signup');

    const sub = randomUUID();
    const passwordHash = await service.passwords.hash(password);
    const verifier = verifierColumns(service.srp, sub, password);
    // Whatever became of this sign-up, its answer is the one a new sign-up gets.
    const answer = { UserConfirmed: false, UserSub: sub, CodeDeliveryDetails: deliveryDetails(username) };
    if (holder !== undefined && holder.status !== 'UNCONFIRMED') {
      await mailAccountExists(service, holder, paced);
      return answer;
    }
    const now = new Date(service.clock.now());
    try {
      await service.db.transaction().execute(async (trx) => {
        const sendsSoFar = holder === undefined ? undefined : await removePendingSignUp(trx, holder.sub);
        await trx
          .insertInto('identity_users')
          .values({
            sub,
            // Email is an alias: the username is the immutable sub, as Cognito assigns it.
            username: sub,
            email: username,
            email_verified: false,
            pending_email: null,
            given_name: attributes.given_name ?? null,
            family_name: attributes.family_name ?? null,
            phone_number: attributes.phone_number ?? null,
            status: 'UNCONFIRMED',
            enabled: true,
            password_hash: passwordHash,
            ...verifier,
            identities: null,
            failed_sign_ins: 0,
            last_failed_sign_in_at: null,
            locked_until: null,
            created_at: now,
            updated_at: now,
            attributes: JSON.stringify(others),
          })
          .execute();
        if (sendsSoFar !== undefined)
          await trx
            .insertInto('identity_codes')
            .values({ ...sendsSoFar, user_sub: sub })
            .execute();
        const { mailed } = await sendOrKeepCode(service, { sub }, 'signup', username, { executor: trx, paced });
        if (!mailed) throw new PendingSignUpKept();
      });
    } catch (error) {
      // Two sign-ups for one address at once (the unique index lets one through), or one
      // past the hour's codes within the pace of the last: the code mailed last stays in force.
      if (!(error instanceof PendingSignUpKept || isUniqueViolation(error))) throw error;
    }
    return answer;
  },
};

/**
 * Deletes an unconfirmed sign-up (its code with it) while it is still unconfirmed, and returns
 * its sign-up code's row to carry over to the sign-up taking its place: the hour's sends and
 * the pace go on counting, and its hash, bound to the old sub, matches no code any more.
 */
async function removePendingSignUp(trx: Kysely<Schema>, pendingSub: string) {
  const code = await trx
    .selectFrom('identity_codes')
    .select(['purpose', 'code_hash', 'expires_at', 'sends', 'sends_window_started_at'])
    .where('user_sub', '=', pendingSub)
    .where('purpose', '=', 'signup')
    .forUpdate()
    .executeTakeFirst();
  await trx.deleteFrom('identity_users').where('sub', '=', pendingSub).where('status', '=', 'UNCONFIRMED').execute();
  return code === undefined ? undefined : { ...code, failed_attempts: 0 };
}
