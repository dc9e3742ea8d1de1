import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type * as oidc from 'openid-client';
import { grantCode } from './authorization-code.ts';
import {
  AuthorizeFields,
  checkAuthorizeRequest,
  loginPageUrl,
  redirectWithError,
  refuseAuthorizeRequest,
} from './authorize-request.ts';
import type { OAuthContext } from './context.ts';
import { parseMaxAge, withinMaxAge } from './max-age.ts';
import type { SendToProvider } from './provider-sign-in.ts';
import { PROVIDER_NAMES } from './upstream.ts';

const AuthorizeWithProvider = Type.Object({
  identity_provider: Type.Optional(Type.String({ maxLength: 64 })),
  prompt: Type.Optional(Type.String({ maxLength: 64 })),
  // Its form is checked by parseMaxAge, so a bad value goes back to the app with its state.
  max_age: Type.Optional(Type.String({ maxLength: 64 })),
  ...AuthorizeFields,
});

/**
 * GET /oauth2/authorize: the pool's own sign-in page (or straight back with a code, for a browser
 * signed in there), or Google or Microsoft when the app names one (`identity_provider`).
 */
export function registerAuthorizeEndpoint(
  plainScope: FastifyInstance,
  context: OAuthContext,
  sendToProvider: SendToProvider,
): void {
  const scope = plainScope.withTypeProvider<TypeBoxTypeProvider>();
  const { service, publicUrl, upstreams, sessions, allowedRedirect } = context;
  scope.get(
    '/oauth2/authorize',
    { schema: { querystring: AuthorizeWithProvider }, config: { access: 'public' } },
    async (request, reply) => {
      const query = request.query;
      const check = checkAuthorizeRequest(query, service.config.clientId, allowedRedirect);
      if (check.outcome !== 'accepted') return refuseAuthorizeRequest(reply, check);
      const authorize = check.request;
      const fail = (error: string, description: string) =>
        redirectWithError(reply, authorize.redirectUri, error, description, authorize.state);
      const prompts = query.prompt?.split(' ') ?? [];
      const maxAge = parseMaxAge(query.max_age);
      if (maxAge === 'invalid') return fail('invalid_request', 'max_age must be a whole number of seconds.');
      const loginRequired = () => fail('login_required', 'The user must sign in: there is no sign-in session to use silently.');
      // No provider named: the pool's own sign-in page, as Cognito's managed login, unless this
      // browser signed in there within the hour (and the app did not ask to sign in again, with
      // prompt=login or a max_age that sign-in is older than). The code carries its sign-in time.
      if (query.identity_provider === undefined || query.identity_provider === 'COGNITO') {
        // One transaction: a sign-out meanwhile either comes first (no session here) or waits for
        // the code, and deletes it with the session; never a code stored after its sign-out.
        const back = prompts.includes('login')
          ? undefined
          : await service.db.transaction().execute(async (trx) => {
              const remembered = await sessions.userOf(request, trx);
              return remembered !== undefined && withinMaxAge(remembered.authTime, maxAge, service.clock.now())
                ? grantCode(service, authorize, remembered, trx)
                : undefined;
            });
        if (back !== undefined) return reply.redirect(back, 302);
        if (prompts.includes('none')) return loginRequired();
        return reply.redirect(loginPageUrl(publicUrl, authorize, query.login_hint), 302);
      }
      // Google and Microsoft keep their own sessions, out of reach of a silent request here.
      if (prompts.includes('none')) return loginRequired();
      const provider = PROVIDER_NAMES.find((name) => name === query.identity_provider);
      if (provider === undefined) return fail('invalid_request', 'identity_provider must be COGNITO, Google or AzureAD.');
      if (!upstreams.isConfigured(provider))
        return fail('invalid_request', `${provider} sign-in is not configured on this site.`);

      let configuration: oidc.Configuration;
      try {
        configuration = await upstreams.configuration(provider);
      } catch (error) {
        request.log.warn({ err: error, provider }, 'upstream discovery failed');
        return fail('temporarily_unavailable', `${provider} could not be reached. Please try again.`);
      }
      // prompt=login asks for a sign-in made now, which is max_age=0 (OIDC Core 3.1.2.1).
      return sendToProvider(reply, provider, configuration, authorize, prompts.includes('login') ? 0 : maxAge);
    },
  );
}
