import { checkAttributeDeletes } from '../attributes.ts';
import { missingMember } from '../errors.ts';
import { stringList } from '../fields.ts';
import { removeAttributes } from '../users.ts';
import { adminTarget } from './admin-user.ts';
import type { Operation } from './operation.ts';

/** AdminDeleteUserAttributes: the named attributes are gone; a required or immutable one is refused. */
export const adminDeleteUserAttributes: Operation<'AdminDeleteUserAttributes'> = {
  signed: true,
  async run(input, { service }) {
    const user = await adminTarget(input, service);
    const names = stringList(input, 'UserAttributeNames');
    if (names === undefined) throw missingMember('UserAttributeNames');
    const deletes = checkAttributeDeletes(names, service.config.customAttributes, 'admin');
    await removeAttributes(service.db, user.sub, deletes, new Date(service.clock.now()));
    return {};
  },
};
