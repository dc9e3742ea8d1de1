import { randomBytes } from 'node:crypto';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as oidc from 'openid-client';
import { MINUTE, SECOND } from '../clock.ts';
import { FederationRefused } from '../errors.ts';
import { clientOf, reportHostedRefusal } from '../security-events.ts';
import { grantCode } from './authorization-code.ts';
import { redirectWithError, type AuthorizeRequest } from './authorize-request.ts';
import { browserBinding } from './browser-binding.ts';
import type { OAuthContext } from './context.ts';
import { findOrCreateFederatedUser, upstreamEmailVerified } from './federated-user.ts';
import { signedInAsAsked } from './max-age.ts';
import { EXPIRED_SIGN_IN, OTHER_BROWSER, refuseHere } from './refusal.ts';
import { savePendingSignIn, takePendingSignIn } from './store.ts';
import type { ProviderName } from './upstream.ts';

/** How long a sign-in sent to Google or Microsoft may take to come back. */
const REQUEST_LIFETIME_MS = 10 * MINUTE;

const CallbackQuery = Type.Object(
  {
    state: Type.Optional(Type.String()),
    code: Type.Optional(Type.String()),
    error: Type.Optional(Type.String()),
    error_description: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

/**
 * Sends the browser to sign in at Google or Microsoft for an authorization request (see below).
 */
export type SendToProvider = (
  reply: FastifyReply,
  provider: ProviderName,
  configuration: oidc.Configuration,
  authorize: AuthorizeRequest,
  maxAge: number | undefined,
) => Promise<FastifyReply>;

/**
 * Federated sign-in: the way to the provider (`sendToProvider`, which /oauth2/authorize uses) and
 * the way back, GET /oauth2/idpresponse, which turns the provider's answer into the app's code.
 */
export function registerProviderSignIn(plainScope: FastifyInstance, context: OAuthContext): SendToProvider {
  const scope = plainScope.withTypeProvider<TypeBoxTypeProvider>();
  const { service, upstreams } = context;
  const callbackUrl = `${context.publicUrl}/cognito/oauth2/idpresponse`;
  const federatedBrowsers = browserBinding(context.publicUrl.startsWith('https:'), REQUEST_LIFETIME_MS / SECOND);

  /**
   * Sends the browser to sign in at `provider` for `authorize`, which waits as a pending sign-in
   * for the provider's answer at /oauth2/idpresponse. `maxAge`, how recent that sign-in must be
   * (0: made now), is the provider's to honour, as prompt=login and max_age: it holds the session,
   * and would otherwise sign a browser it remembers in without asking. The answer is checked too.
   */
  const sendToProvider: SendToProvider = async (reply, provider, configuration, authorize, maxAge) => {
    const id = randomBytes(24).toString('base64url');
    const verifier = oidc.randomPKCECodeVerifier();
    const nonce = oidc.randomNonce();
    const binding = federatedBrowsers.start(id);
    await savePendingSignIn(service.db, {
      id,
      provider,
      client_id: authorize.clientId,
      redirect_uri: authorize.redirectUri,
      client_state: authorize.state,
      code_challenge: authorize.codeChallenge,
      code_challenge_method: 'S256',
      upstream_code_verifier: verifier,
      upstream_nonce: nonce,
      expires_at: new Date(service.clock.now() + REQUEST_LIFETIME_MS),
      client_nonce: authorize.nonce,
      scope: authorize.scope,
      browser_hash: binding.hash,
      max_age: maxAge ?? null,
    });
    const upstreamUrl = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: callbackUrl,
      scope: 'openid email profile',
      state: id,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      ...(maxAge === 0 ? { prompt: 'login' } : {}),
      ...(maxAge === undefined ? {} : { max_age: String(maxAge) }),
    });
    return reply.header('set-cookie', binding.cookie).redirect(upstreamUrl.href, 302);
  };

  scope.get(
    '/oauth2/idpresponse',
    { schema: { querystring: CallbackQuery }, config: { access: 'public' } },
    async (request, reply) => {
      const { state } = request.query;
      const pending = state === undefined ? undefined : await takePendingSignIn(service.db, state);
      if (pending === undefined || pending.expires_at.getTime() <= service.clock.now()) {
        return refuseHere(reply, { error: EXPIRED_SIGN_IN.text }, EXPIRED_SIGN_IN);
      }
      reply.header('set-cookie', federatedBrowsers.clear(pending.id));
      // A return link opened in another browser than the one that started the sign-in (sent
      // there by whoever signed in at the provider) finishes nothing, and is spent.
      if (!federatedBrowsers.matches(request, pending.id, pending.browser_hash)) {
        request.log.warn({ provider: pending.provider }, 'provider sign-in returned to another browser');
        return refuseHere(reply, { error: OTHER_BROWSER.text }, OTHER_BROWSER);
      }
      const provider = pending.provider as ProviderName;
      const authorize: AuthorizeRequest = {
        clientId: pending.client_id,
        redirectUri: pending.redirect_uri,
        state: pending.client_state,
        nonce: pending.client_nonce,
        codeChallenge: pending.code_challenge,
        scope: pending.scope ?? 'openid',
      };
      const fail = (error: string, description: string) =>
        redirectWithError(reply, authorize.redirectUri, error, description, authorize.state);
      if (request.query.error !== undefined) {
        return fail(
          request.query.error === 'access_denied' ? 'access_denied' : 'server_error',
          request.query.error_description ?? request.query.error,
        );
      }
      let user;
      let authTime: Date | undefined;
      try {
        const configuration = await upstreams.configuration(provider);
        const tokens = await oidc.authorizationCodeGrant(
          configuration,
          new URL(`${callbackUrl}${request.url.slice(request.url.indexOf('?'))}`),
          {
            pkceCodeVerifier: pending.upstream_code_verifier,
            expectedState: pending.id,
            expectedNonce: pending.upstream_nonce,
            idTokenExpected: true,
          },
        );
        const idClaims = tokens.claims();
        if (idClaims === undefined) return fail('server_error', `${provider} sent no id token.`);
        // When the user signed in at the provider, which it tells (asked with max_age) and
        // which may be long before this answer: never later than now by this pool's clock.
        // Asked for neither max_age nor prompt=login, an answer without auth_time is taken as a
        // sign-in made now (this pool's sign-in through the provider), as the tokens then say.
        const toldAuthTime = typeof idClaims.auth_time === 'number' ? idClaims.auth_time : undefined;
        // OIDC Core 3.1.2.1: past the app's max_age, the OP "MUST attempt to actively
        // re-authenticate the End-User"; asked prompt=login, "If it cannot reauthenticate the
        // End-User, it MUST return an error, typically login_required". Many providers ignore
        // max_age and answer with a sign-in they remember: the pool then makes that attempt
        // itself, once, asking the provider again with prompt=login, so the person just signs in
        // there again. When that was asked already (by the app's prompt=login, or by this
        // attempt) and the answer is still the old sign-in, the app gets login_required with its
        // state: never tokens that claim an older sign-in than it asked for, which it must refuse.
        // An answer that tells no auth_time although max_age was asked (OIDC Core 2: then it is
        // REQUIRED) shows no sign-in at all as recent as asked, and is treated the same way:
        // taken as made now, it would tell the app of a new sign-in that may never have happened.
        if (pending.max_age !== null) {
          const askedAt = pending.expires_at.getTime() - REQUEST_LIFETIME_MS;
          if (toldAuthTime === undefined || !signedInAsAsked(toldAuthTime, pending.max_age, askedAt)) {
            if (pending.max_age !== 0) return await sendToProvider(reply, provider, configuration, authorize, 0);
            request.log.warn(
              { provider, authTime: toldAuthTime ?? null },
              'provider answered prompt=login without a new sign-in it tells',
            );
            return fail(
              'login_required',
              toldAuthTime === undefined
                ? `${provider} did not tell when you signed in, so the new sign-in this app asks for cannot be confirmed.`
                : `${provider} did not have you sign in again, as this app asks. Sign out at ${provider}, then try again.`,
            );
          }
        }
        if (toldAuthTime !== undefined) authTime = new Date(Math.min(toldAuthTime * SECOND, service.clock.now()));
        // Some providers keep profile claims out of the id token; userinfo has them then.
        const claims =
          typeof idClaims.email === 'string'
            ? idClaims
            : await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
        const email = typeof claims.email === 'string' ? claims.email : undefined;
        if (email === undefined) return fail('invalid_request', `${provider} did not share an email address.`);
        user = await findOrCreateFederatedUser(service, provider, {
          sub: idClaims.sub,
          email,
          emailVerified: upstreamEmailVerified(provider, claims),
          givenName: typeof claims.given_name === 'string' ? claims.given_name : null,
          familyName: typeof claims.family_name === 'string' ? claims.family_name : null,
        });
      } catch (error) {
        await reportHostedRefusal(service, clientOf(request), provider, null, error);
        if (error instanceof FederationRefused) return fail('access_denied', error.message);
        request.log.warn({ err: error, provider }, 'upstream sign-in failed');
        return fail('server_error', `${provider} sign-in failed. Please try again.`);
      } finally {
        service.sessions.clear();
      }
      if (!user.enabled) {
        await reportHostedRefusal(service, clientOf(request), provider, user, 'User is disabled.');
        return fail('access_denied', 'User is disabled.');
      }

      const back = await grantCode(service, authorize, {
        sub: user.sub,
        method: provider === 'Google' ? 'google' : 'microsoft',
        authTime,
      });
      return reply.redirect(back, 302);
    },
  );

  return sendToProvider;
}
