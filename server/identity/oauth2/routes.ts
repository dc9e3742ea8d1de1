import type { FastifyError, FastifyInstance } from 'fastify';
import { acceptFormBodies } from '../../http/body-policy.ts';
import { storeNothing } from '../../http/no-store.ts';
import type { IdentityService } from '../service.ts';
import { registerAuthorizeEndpoint } from './authorize-endpoint.ts';
import { oauthContext } from './context.ts';
import { registerHostedLogin } from './hosted-login.ts';
import { registerLogoutEndpoint } from './logout-endpoint.ts';
import { registerProviderSignIn } from './provider-sign-in.ts';
import { malformedLink, refuseHere } from './refusal.ts';
import { registerRevokeEndpoint } from './revoke-endpoint.ts';
import { registerTokenEndpoint } from './token-endpoint.ts';
import { PROVIDER_NAMES } from './upstream.ts';
import { registerUserInfoEndpoint } from './userinfo-endpoint.ts';

/** Fastify's refusals of a body it cannot parse: of another content type, or broken JSON. */
const UNREADABLE_BODY = new Set([
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
]);

/**
 * Hosted sign-in like Cognito's hosted UI: /oauth2/authorize federates to Google or
 * Microsoft (openid-client, with PKCE, state and nonce), or sends a request that names no
 * provider to the pool's own sign-in page (hosted-login.ts); /oauth2/idpresponse receives the
 * provider's answer and hands the app a one-time code, /oauth2/token exchanges it (or a refresh
 * token), /oauth2/revoke, /oauth2/userInfo and /logout complete the set. Each endpoint has a
 * module of its own; what they share is set up here.
 */
export function registerHostedSignIn(scope: FastifyInstance, service: IdentityService, publicUrl: string): void {
  const context = oauthContext(service, publicUrl);

  scope.addHook('onRequest', async (request) => {
    const allowed = await service.limiter.allowClient(request.ip, service.config.rateLimits.perIpPerMinute, service.clock.now());
    if (!allowed) throw Object.assign(new Error('Too many requests'), { statusCode: 429 });
  });

  // Bad input is answered in the OAuth error format, which OIDC libraries read; the rest
  // goes to the server's own policy (a body over its limit included: 413). A body that cannot be
  // read at all (another content type, broken JSON) is the client's invalid_request too, naming
  // the form OAuth posts: the server's own answer would tell it to send JSON.
  scope.setErrorHandler((error: FastifyError, _request, reply) => {
    if (UNREADABLE_BODY.has(error.code)) {
      const description = `The request body cannot be read: send the parameters as application/x-www-form-urlencoded (${error.message}).`;
      return reply.status(error.statusCode ?? 400).send({ error: 'invalid_request', error_description: description });
    }
    if (error.validation === undefined) throw error;
    return refuseHere(reply, { error: 'invalid_request', error_description: error.message }, malformedLink(error.message));
  });

  acceptFormBodies(scope);
  // Tokens (RFC 6749 5.1), userInfo's personal data, codes in redirects: no answer here is for a cache.
  storeNothing(scope);
  registerHostedLogin(scope, {
    service,
    publicUrl,
    allowedRedirect: context.allowedRedirect,
    providers: PROVIDER_NAMES.filter((name) => context.upstreams.isConfigured(name)),
    sessions: context.sessions,
  });
  registerAuthorizeEndpoint(scope, context, registerProviderSignIn(scope, context));
  registerTokenEndpoint(scope, context);
  registerRevokeEndpoint(scope, context);
  registerUserInfoEndpoint(scope, context);
  registerLogoutEndpoint(scope, context);
}
