import { checkAttributeWrites } from '../attributes.ts';
import { aliasExists } from '../errors.ts';
import { attributeList } from '../fields.ts';
import { attributeWrites, checkAddressFree, isUniqueViolation, releaseUnconfirmedHolder } from '../users.ts';
import { admitCodeMail, sendCode } from '../verification.ts';
import { adminTarget } from './admin-user.ts';
import type { Operation } from './operation.ts';

/**
 * AdminUpdateUserAttributes: an administrator's write takes effect at once, the verification
 * flags included, but for a new email. The pool verifies an email before updating it
 * (DescribeUserPool: AttributesRequireVerificationBeforeUpdate ['email']), so, as in Cognito,
 * the new address is only pending and gets a code for VerifyUserAttribute, while the user signs
 * in and gets mail at the one in force, unless the same call sets `email_verified` to true:
 * then it changes at once, verified, and nothing is mailed. Naming the address in force takes
 * a pending change back. An address another account uses is refused.
 */
export const adminUpdateUserAttributes: Operation<'AdminUpdateUserAttributes'> = {
  signed: true,
  async run(input, { service, ip }) {
    const user = await adminTarget(input, service);
    const changes = checkAttributeWrites(
      attributeList(input, 'UserAttributes', true),
      service.config.customAttributes,
      'admin',
      user,
    );
    const { email, ...others } = changes.columns;
    const changesEmail = email !== undefined && email.toLowerCase() !== user.email.toLowerCase();
    const pendingEmail = changesEmail && changes.email_verified !== true ? email : undefined;
    if (changesEmail) await checkAddressFree(service.db, email, user);
    if (pendingEmail !== undefined) await admitCodeMail(service, ip, pendingEmail, 'email');
    try {
      await service.db.transaction().execute(async (trx) => {
        // Set verified at once, the address is the user's now.
        if (changesEmail && pendingEmail === undefined) await releaseUnconfirmedHolder(trx, email, user);
        await trx
          .updateTable('identity_users')
          .set({
            ...attributeWrites(
              pendingEmail !== undefined
                ? { columns: others, others: changes.others, deletes: changes.deletes }
                : { ...changes, email_verified: changes.email_verified ?? (changesEmail ? false : undefined) },
            ),
            // Any email named settles a pending change: the new one pending, else none.
            ...(email !== undefined ? { pending_email: pendingEmail ?? null } : {}),
            updated_at: new Date(service.clock.now()),
          })
          .where('sub', '=', user.sub)
          .execute();
        if (pendingEmail !== undefined) await sendCode(service, user, 'email', pendingEmail, { executor: trx });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw aliasExists();
      throw error;
    }
    return {};
  },
};
