import { sql } from 'kysely';
import { checkAttributeDeletes } from '../attributes.ts';
import { missingMember } from '../errors.ts';
import { stringList } from '../fields.ts';
import { adminTarget } from './admin-user.ts';
import type { Operation } from './operation.ts';

/** AdminDeleteUserAttributes: the named attributes are gone; a required or immutable one is refused. */
export const adminDeleteUserAttributes: Operation<'AdminDeleteUserAttributes'> = {
  signed: true,
  async run(input, { service }) {
    const user = await adminTarget(input, service);
    const names = stringList(input, 'UserAttributeNames');
    if (names === undefined) throw missingMember('UserAttributeNames');
    const { columns, others } = checkAttributeDeletes(names, service.config.customAttributes);
    await service.db
      .updateTable('identity_users')
      .set({
        ...Object.fromEntries(columns.map((column) => [column, null])),
        ...(others.length > 0 ? { attributes: sql<string>`attributes - ${sql.val(others)}::text[]` } : {}),
        updated_at: new Date(service.clock.now()),
      })
      .where('sub', '=', user.sub)
      .execute();
    return {};
  },
};
