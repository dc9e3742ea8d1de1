import type { FastifyInstance } from 'fastify';
import { CognitoError, missingScope } from '../errors.ts';
import { authenticate } from '../sessions.ts';
import { userAttributes } from '../users.ts';
import type { OAuthContext } from './context.ts';
import { userInfoFor } from './scope.ts';

/** userInfo's refusals; the last two are Cognito's words, quoted in WWW-Authenticate too (so no `"` or `\`). */
const USERINFO_TOKEN_REQUIRED = 'An access token is required (Authorization: Bearer <access token>).';
const USERINFO_TOKEN_INVALID = 'Access token is expired, disabled, or deleted, or the user has globally signed out.';
const USERINFO_SCOPE_MISSING = 'Access token does not contain openid scope';

export function registerUserInfoEndpoint(scope: FastifyInstance, { service }: OAuthContext): void {
  // OAuth's own endpoint: it checks the Cognito access token itself, as the protocol says, and
  // refuses as RFC 6750 3 does, in the WWW-Authenticate challenge OIDC libraries act on: a
  // request with no bearer token (none, or another scheme) gets the bare challenge, and no error
  // code in the body either (only a message for a person reading it); a token that is malformed,
  // expired, revoked or of a disabled or deleted user, invalid_token (401); a good token without
  // openid, insufficient_scope (403). The scheme's name is case-insensitive (RFC 7235 2.1).
  scope.get('/oauth2/userInfo', { config: { access: 'cognito' } }, async (request, reply) => {
    const token = /^Bearer +(\S.*)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (token === undefined)
      return reply.status(401).header('www-authenticate', 'Bearer').send({ message: USERINFO_TOKEN_REQUIRED });
    try {
      const { user, claims } = await authenticate(service, token, 'openid');
      return userInfoFor(userAttributes(user), user.username, claims.scope);
    } catch (error) {
      if (!(error instanceof CognitoError)) throw error;
      const refusal =
        error.message === missingScope().message
          ? { status: 403, error: 'insufficient_scope', description: USERINFO_SCOPE_MISSING, challenge: ', scope="openid"' }
          : { status: 401, error: 'invalid_token', description: USERINFO_TOKEN_INVALID, challenge: '' };
      return reply
        .status(refusal.status)
        .header(
          'www-authenticate',
          `Bearer error="${refusal.error}", error_description="${refusal.description}"${refusal.challenge}`,
        )
        .send({ error: refusal.error, error_description: refusal.description });
    }
  });
}
