import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { CognitoError } from '../errors.ts';
import { clientOf, reportSignIn } from '../security-events.ts';
import { refreshSession, revokeSession, startSession } from '../sessions.ts';
import { issuedClaims, type AccessTokenClaims } from '../tokens.ts';
import { findUserBySub } from '../users.ts';
import { codeSessionId } from './authorization-code.ts';
import type { OAuthContext } from './context.ts';
import { pkceMatches } from './pkce.ts';
import { refuseTokenRequest } from './refusal.ts';
import { grantsIdToken } from './scope.ts';
import { takeAuthorizationCode } from './store.ts';

const TokenBody = Type.Object({
  grant_type: Type.String(),
  // Or in the Authorization header (client_secret_basic).
  client_id: Type.Optional(Type.String()),
  code: Type.Optional(Type.String()),
  redirect_uri: Type.Optional(Type.String()),
  code_verifier: Type.Optional(Type.String()),
  refresh_token: Type.Optional(Type.String()),
  client_secret: Type.Optional(Type.String()),
  scope: Type.Optional(Type.String()),
});

/** POST /oauth2/token: an authorization code (with its PKCE verifier) or a refresh token for tokens. */
export function registerTokenEndpoint(plainScope: FastifyInstance, context: OAuthContext): void {
  const scope = plainScope.withTypeProvider<TypeBoxTypeProvider>();
  const { service, authenticatedClient, sameRedirect } = context;
  scope.post('/oauth2/token', { schema: { body: TokenBody }, config: { access: 'public' } }, async (request, reply) => {
    const body = request.body;
    const clientId = authenticatedClient(request, body);
    if (clientId === undefined) return refuseTokenRequest(reply, 'invalid_client', 401);
    try {
      if (body.grant_type === 'refresh_token') {
        if (!body.refresh_token) return refuseTokenRequest(reply, 'invalid_request');
        const refreshToken = body.refresh_token;
        const refresh = () => refreshSession(service, refreshToken, clientId);
        const tokens = await reportSignIn(service, clientOf(request), 'refresh', null, refresh);
        // The session's scope is the one its access tokens carry.
        const { scope } = issuedClaims<AccessTokenClaims>(tokens.AccessToken ?? '');
        return {
          access_token: tokens.AccessToken,
          ...(grantsIdToken(scope) ? { id_token: tokens.IdToken } : {}),
          // With refresh token rotation on, a new one, as Cognito's endpoint answers then.
          ...(tokens.RefreshToken === undefined ? {} : { refresh_token: tokens.RefreshToken }),
          token_type: 'Bearer',
          expires_in: tokens.ExpiresIn,
        };
      }
      if (body.grant_type !== 'authorization_code') return refuseTokenRequest(reply, 'unsupported_grant_type');
      if (!body.code || !body.redirect_uri) return refuseTokenRequest(reply, 'invalid_request');
      const { code, redirect_uri: redirectUri } = body;
      const sessionId = codeSessionId(code);
      // Taking the code and storing the session it starts are one transaction: a replay's take
      // of the same row waits until both are done, so the session it revokes below is there.
      const outcome = await service.db.transaction().execute(async (trx) => {
        const grant = await takeAuthorizationCode(trx, code);
        if (grant === undefined) return { refused: 'replayed' as const };
        // Any mismatch spends the code too (the transaction commits its deletion), a wrong PKCE
        // code_verifier included, answered invalid_grant as RFC 7636 4.6 says. The app that
        // asked for the code holds its verifier and sends it right the first time; a wrong one
        // comes from whoever caught the code on its way (a log, an extension, a shared link),
        // who must get no second try, and the app's own exchange afterwards is refused
        // (invalid_grant: the app starts the sign-in again) with nothing issued to revoke.
        // Single use is RFC 6749 4.1.2's rule, and a failed exchange is a use.
        if (
          grant.expires_at.getTime() <= service.clock.now() ||
          grant.client_id !== clientId ||
          !sameRedirect(grant.redirect_uri, redirectUri) ||
          !pkceMatches(grant.code_challenge, body.code_verifier)
        ) {
          return { refused: 'invalid' as const };
        }
        const user = await findUserBySub(trx, grant.user_sub);
        if (user === undefined || !user.enabled) return { refused: 'invalid' as const };
        const scope = grant.scope ?? 'openid';
        // The session starts from the sign-in the code was issued for, not from this exchange.
        const options = { scope, sessionId, nonce: grant.nonce ?? undefined, authTime: grant.auth_time ?? undefined };
        const tokens = await startSession(service, user, clientId, options, trx);
        return { ...tokens, scope, method: grant.sign_in_method ?? undefined };
      });
      // Unknown here: never issued, or used already. A used code ends what its first use started.
      if ('refused' in outcome) {
        if (outcome.refused === 'replayed') await revokeSession(service, sessionId);
        return refuseTokenRequest(reply, 'invalid_grant');
      }
      const { scope, method, ...tokens } = outcome;
      await reportSignIn(service, clientOf(request), 'hosted', null, async () => tokens, method);
      return {
        access_token: tokens.AccessToken,
        ...(grantsIdToken(scope) ? { id_token: tokens.IdToken } : {}),
        refresh_token: tokens.RefreshToken,
        token_type: 'Bearer',
        expires_in: tokens.ExpiresIn,
      };
    } catch (error) {
      if (error instanceof CognitoError) return refuseTokenRequest(reply, 'invalid_grant');
      throw error;
    }
  });
}
