import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  appRedirect,
  AuthorizeFields,
  checkAuthorizeRequest,
  loginPageUrl,
  refuseAuthorizeRequest,
} from './authorize-request.ts';
import type { OAuthContext } from './context.ts';
import { AUTHORIZE_REFUSALS, LOGOUT_REFUSALS, refuseHere } from './refusal.ts';

/**
 * /logout: where to after (Cognito's logout_uri, or OIDC RP-Initiated Logout's
 * post_logout_redirect_uri, with its state), or an authorization request to sign in again with.
 */
const LogoutQuery = Type.Object({
  ...Type.Partial(Type.Object(AuthorizeFields)).properties,
  client_id: AuthorizeFields.client_id,
  logout_uri: Type.Optional(Type.String({ maxLength: 2048 })),
  post_logout_redirect_uri: Type.Optional(Type.String({ maxLength: 2048 })),
});

export function registerLogoutEndpoint(plainScope: FastifyInstance, context: OAuthContext): void {
  const scope = plainScope.withTypeProvider<TypeBoxTypeProvider>();
  const { service, publicUrl, sessions, sameRedirect, allowedRedirect } = context;
  // Logging out forgets the browser on the sign-in page (hosted-session.ts), then sends it to
  // logout_uri, or, given an authorization request instead (redirect_uri, response_type...), to
  // the sign-in page for it, as Cognito's /logout: "sign in as someone else". Discovery names it
  // the end_session_endpoint, so it also takes OIDC RP-Initiated Logout's request, as openid-client
  // and oidc-client-ts send it: post_logout_redirect_uri (a registered sign-out address, as
  // logout_uri), the state to hand back there, and an id_token_hint, which changes nothing.
  scope.get('/logout', { schema: { querystring: LogoutQuery }, config: { access: 'public' } }, async (request, reply) => {
    const { logout_uri: cognitoLogoutUri, post_logout_redirect_uri: postLogoutUri, ...query } = request.query;
    if (query.client_id !== service.config.clientId) {
      return refuseHere(reply, { error: 'invalid_client' }, AUTHORIZE_REFUSALS.invalid_client);
    }
    const logoutUri = cognitoLogoutUri ?? postLogoutUri;
    if (logoutUri !== undefined) {
      if (!service.config.allowedLogoutUris.some((allowed) => sameRedirect(allowed, logoutUri))) {
        return refuseHere(reply, { error: 'logout_uri is not allowed' }, LOGOUT_REFUSALS.unknownAddress);
      }
      reply.header('set-cookie', await sessions.end(request));
      const back = cognitoLogoutUri === undefined ? appRedirect(logoutUri, { state: query.state ?? null }) : logoutUri;
      return reply.redirect(back, 302);
    }
    if (query.redirect_uri === undefined) {
      return refuseHere(
        reply,
        { error: 'invalid_request', error_description: 'logout_uri or redirect_uri is required.' },
        LOGOUT_REFUSALS.noAddress,
      );
    }
    const fields = { ...query, redirect_uri: query.redirect_uri, response_type: query.response_type ?? '' };
    const check = checkAuthorizeRequest(fields, service.config.clientId, allowedRedirect);
    if (check.outcome !== 'accepted') return refuseAuthorizeRequest(reply, check);
    reply.header('set-cookie', await sessions.end(request));
    return reply.redirect(loginPageUrl(publicUrl, check.request, query.login_hint), 302);
  });
}
