import { CognitoError } from '../errors.ts';
import { requiredString } from '../fields.ts';
import { findRefreshTokenSession } from '../sessions.ts';
import { requireClientId, type Operation } from './operation.ts';

/**
 * RevokeToken: ends the session of one refresh token (its first or one rotation issued), which
 * also revokes the session's other refresh tokens and the access tokens issued from it. An unknown token is not an error (RFC 7009).
 */
export const revokeToken: Operation<'RevokeToken'> = {
  signed: false,
  async run(input, { service }) {
    const token = requiredString(input, 'Token', 8192);
    const clientId = requireClientId(input, service);
    const session = await findRefreshTokenSession(service, token);
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
