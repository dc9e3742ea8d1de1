import { checkAttributeWrites } from '../attributes.ts';
import { aliasExists } from '../errors.ts';
import { attributeList } from '../fields.ts';
import { attributeWrites, findUser, isUniqueViolation } from '../users.ts';
import { adminTarget } from './admin-user.ts';
import type { Operation } from './operation.ts';

/**
 * AdminUpdateUserAttributes: an administrator's write takes effect at once, the
 * verification flags included. A new email is unverified unless the same call sets
 * `email_verified` to true; an address another account uses is refused.
 */
export const adminUpdateUserAttributes: Operation<'AdminUpdateUserAttributes'> = {
  signed: true,
  async run(input, { service }) {
    const user = await adminTarget(input, service);
    const changes = checkAttributeWrites(
      attributeList(input, 'UserAttributes', true),
      service.config.customAttributes,
      'admin',
      user,
    );
    const email = changes.columns.email;
    const changesEmail = email !== undefined && email.toLowerCase() !== user.email.toLowerCase();
    if (changesEmail) {
      const owner = await findUser(service.db, email);
      if (owner !== undefined && owner.sub !== user.sub) throw aliasExists();
    }
    try {
      await service.db
        .updateTable('identity_users')
        .set({
          ...attributeWrites({ ...changes, email_verified: changes.email_verified ?? (changesEmail ? false : undefined) }),
          ...(changesEmail ? { pending_email: null } : {}),
          updated_at: new Date(service.clock.now()),
        })
        .where('sub', '=', user.sub)
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw aliasExists();
      throw error;
    }
    return {};
  },
};
