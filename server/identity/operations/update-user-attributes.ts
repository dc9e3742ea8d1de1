import type { UpdateUserAttributesResponse } from '@aws-sdk/client-cognito-identity-provider';
import { aliasExists } from '../errors.ts';
import { attributeList, requiredString } from '../fields.ts';
import { limitPerUser } from '../service.ts';
import { authenticate } from '../sessions.ts';
import { findUser, readAttributeChanges } from '../users.ts';
import { sendCode } from '../verification.ts';
import type { Operation } from './operation.ts';

/**
 * UpdateUserAttributes. A new email is only pending: the verified address stays in force
 * until VerifyUserAttribute confirms the new one with the code mailed to it (Cognito's
 * "keep original attribute value active"), so a typo can never lock the user out.
 */
export const updateUserAttributes: Operation = {
  signed: false,
  async run(input, { service }): Promise<UpdateUserAttributesResponse> {
    const { user } = await authenticate(service, requiredString(input, 'AccessToken', 8192));
    const { email, ...others } = readAttributeChanges(attributeList(input, 'UserAttributes', true));
    const changesEmail = email !== undefined && email.toLowerCase() !== user.email.toLowerCase();
    if (changesEmail) {
      await limitPerUser(service, user.sub);
      const owner = await findUser(service.db, email);
      if (owner !== undefined && owner.sub !== user.sub) throw aliasExists();
    }
    return service.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('identity_users')
        .set({
          ...others,
          ...(changesEmail ? { pending_email: email } : {}),
          updated_at: new Date(service.clock.now()),
        })
        .where('sub', '=', user.sub)
        .execute();
      if (!changesEmail) return { CodeDeliveryDetailsList: [] };
      return { CodeDeliveryDetailsList: [await sendCode(service, user, 'email', email, trx)] };
    });
  },
};
