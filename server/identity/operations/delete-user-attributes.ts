import { checkAttributeDeletes } from '../attributes.ts';
import { missingMember } from '../errors.ts';
import { requiredString, stringList } from '../fields.ts';
import { attributeChanges, reportAccountEvent } from '../security-events.ts';
import { authenticate } from '../sessions.ts';
import { removeAttributes } from '../users.ts';
import type { Operation } from './operation.ts';

/**
 * DeleteUserAttributes (Amplify's `deleteUserAttributes`): the signed-in user removes their own
 * optional attributes. The email, `sub` and the `*_verified` flags stay: those are refused as
 * Cognito refuses them. The named columns removed are audited as a profile change.
 */
export const deleteUserAttributes: Operation<'DeleteUserAttributes'> = {
  signed: false,
  async run(input, { service, ...client }) {
    const { user, claims } = await authenticate(service, requiredString(input, 'AccessToken', 8192));
    const names = stringList(input, 'UserAttributeNames');
    if (names === undefined) throw missingMember('UserAttributeNames');
    const deletes = checkAttributeDeletes(names, service.config.customAttributes, 'user');
    await removeAttributes(service.db, user.sub, deletes, new Date(service.clock.now()));
    const changes = attributeChanges(user, Object.fromEntries(deletes.columns.map((column) => [column, null])));
    if (Object.keys(changes).length > 0)
      await reportAccountEvent(service, client, 'attributes.update', user, { token: claims, changes });
    return {};
  },
};
