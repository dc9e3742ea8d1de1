import { hashToken } from '../codes.ts';
import { CognitoError } from '../errors.ts';
import { requiredString } from '../fields.ts';
import { requireClientId, type Operation } from './operation.ts';

/**
 * RevokeToken: ends the session of one refresh token, which also revokes the access
 * tokens issued from it. An unknown token is not an error (RFC 7009).
 */
export const revokeToken: Operation = {
  signed: false,
  async run(input, { service }) {
    const token = requiredString(input, 'Token', 8192);
    const clientId = requireClientId(input, service);
    const session = await service.db
      .selectFrom('identity_sessions')
      .select(['id', 'client_id'])
      .where('refresh_token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (session === undefined) return {};
    if (session.client_id !== clientId) {
      throw new CognitoError('UnauthorizedException', 'The client is not allowed to revoke this token.');
    }
    await service.db
      .updateTable('identity_sessions')
      .set({ revoked_at: new Date(service.clock.now()) })
      .where('id', '=', session.id)
      .where('revoked_at', 'is', null)
      .execute();
    return {};
  },
};
