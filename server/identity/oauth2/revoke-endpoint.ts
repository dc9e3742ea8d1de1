import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { CognitoError } from '../errors.ts';
import { revokeToken } from '../operations/revoke-token.ts';
import { clientOf } from '../security-events.ts';
import type { OAuthContext } from './context.ts';
import { refuseTokenRequest } from './refusal.ts';

const RevokeBody = Type.Object({
  token: Type.String(),
  token_type_hint: Type.Optional(Type.String()),
  client_id: Type.Optional(Type.String()),
  client_secret: Type.Optional(Type.String()),
});

export function registerRevokeEndpoint(plainScope: FastifyInstance, context: OAuthContext): void {
  const scope = plainScope.withTypeProvider<TypeBoxTypeProvider>();
  const { service, authenticatedClient } = context;
  // RFC 7009: a refresh token ends its session (and the access tokens issued from it); an
  // unknown or already revoked token is answered 200 all the same; an access or id token is
  // unsupported_token_type, as at Cognito's endpoint.
  scope.post('/oauth2/revoke', { schema: { body: RevokeBody }, config: { access: 'public' } }, async (request, reply) => {
    const clientId = authenticatedClient(request, request.body);
    if (clientId === undefined) return refuseTokenRequest(reply, 'invalid_client', 401);
    try {
      await revokeToken.run({ Token: request.body.token, ClientId: clientId }, { service, ...clientOf(request) });
    } catch (error) {
      if (error instanceof CognitoError) {
        return refuseTokenRequest(
          reply,
          error.type === 'UnsupportedTokenTypeException' ? 'unsupported_token_type' : 'invalid_request',
        );
      }
      throw error;
    } finally {
      service.sessions.clear();
    }
    return reply.send({});
  });
}
