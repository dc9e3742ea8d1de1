import { attributeList, requiredString } from '../fields.ts';
import { attributeChanges, reportAccountEvent } from '../security-events.ts';
import { limitPerUser } from '../service.ts';
import { authenticate } from '../sessions.ts';
import { checkAttributeWrites } from '../attributes.ts';
import { addressInUseMail } from '../account-exists.ts';
import { addressHolder, attributeWrites, type UserRow } from '../users.ts';
import { admitCodeMail, sendCode } from '../verification.ts';
import type { Operation } from './operation.ts';

/**
 * UpdateUserAttributes. A new email is only pending: the verified address stays in force
 * until VerifyUserAttribute confirms the new one with the code mailed to it (Cognito's
 * "keep original attribute value active"), so a typo can never lock the user out; naming the
 * address in force again takes a pending change back. An address that is another account's is
 * answered as a free one, its owner mailed a notice instead of the code, so no signed-in user
 * learns which addresses have accounts (Cognito answers AliasExistsException).
 */
export const updateUserAttributes: Operation<'UpdateUserAttributes'> = {
  signed: false,
  async run(input, { service, ...client }) {
    const { user, claims } = await authenticate(service, requiredString(input, 'AccessToken', 8192));
    const writes = checkAttributeWrites(
      attributeList(input, 'UserAttributes', true),
      service.config.customAttributes,
      'user',
      user,
    );
    const { email, ...others } = writes.columns;
    const changesEmail = email !== undefined && email.toLowerCase() !== user.email.toLowerCase();
    let holder: UserRow | undefined;
    if (changesEmail) {
      await limitPerUser(service, user.sub);
      // Another account's address is answered as a free one (addressInUseMail).
      holder = await addressHolder(service.db, email, user);
      await admitCodeMail(service, client.ip, email, 'email');
    }
    // What the audit log records: the named columns' old and new values (the email as pending).
    const removed = Object.fromEntries(writes.deletes.columns.map((column) => [column, null]));
    const changes = attributeChanges(user, { ...removed, ...others, ...(changesEmail ? { email } : {}) });
    const result = await service.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('identity_users')
        .set({
          ...attributeWrites({ ...writes, columns: others }),
          // Naming the address in force takes back a pending change: its code no longer applies.
          ...(email !== undefined ? { pending_email: changesEmail ? email : null } : {}),
          updated_at: new Date(service.clock.now()),
        })
        .where('sub', '=', user.sub)
        .execute();
      if (!changesEmail) return { CodeDeliveryDetailsList: [] };
      const instead = holder && addressInUseMail(holder, service.publicUrl);
      return { CodeDeliveryDetailsList: [await sendCode(service, user, 'email', email, { executor: trx, instead })] };
    });
    if (Object.keys(changes).length > 0)
      await reportAccountEvent(service, client, 'attributes.update', user, { token: claims, changes });
    return result;
  },
};
