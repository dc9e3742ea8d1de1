import { CognitoError } from '../errors.ts';
import { requiredString } from '../fields.ts';
import { findRefreshTokenSession } from '../sessions.ts';
import { verifyJwt } from '../tokens.ts';
import { requireClientId, type Operation } from './operation.ts';

/**
 * RevokeToken: ends the session of one refresh token (its first or one rotation issued), which
 * also revokes the session's other refresh tokens and the access tokens issued from it. An
 * unknown token is not an error (RFC 7009). An access or id token this pool signed (expired or
 * not) is refused as Cognito refuses it: revoking one would look done while the session goes on.
 */
export const revokeToken: Operation<'RevokeToken'> = {
  signed: false,
  async run(input, { service }) {
    const token = requiredString(input, 'Token', 8192);
    const clientId = requireClientId(input, service);
    const asJwt = verifyJwt(service.keys, token, service.clock.now());
    if (asJwt.ok || asJwt.reason === 'expired') {
      throw new CognitoError('UnsupportedTokenTypeException', 'Only a refresh token can be revoked.');
    }
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
