import { randomBytes } from 'node:crypto';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { acceptFormBodies } from '../../http/body-policy.ts';
import { storeNothing } from '../../http/no-store.ts';
import { MINUTE, SECOND } from '../clock.ts';
import { CognitoError, missingScope } from '../errors.ts';
import { clientOf, reportHostedRefusal, reportSignIn } from '../security-events.ts';
import type { IdentityService } from '../service.ts';
import { authenticate, refreshSession, revokeSession, startSession } from '../sessions.ts';
import { issuedClaims, type AccessTokenClaims } from '../tokens.ts';
import { findUserBySub, userAttributes } from '../users.ts';
import { revokeToken } from '../operations/revoke-token.ts';
import { clientCredentials } from './client-auth.ts';
import { FederationRefused } from '../errors.ts';
import { findOrCreateFederatedUser, upstreamEmailVerified } from './federated-user.ts';
import { pkceMatches } from './pkce.ts';
import { grantsIdToken, userInfoFor } from './scope.ts';
import { savePendingSignIn, takeAuthorizationCode, takePendingSignIn } from './store.ts';
import { codeSessionId, grantCode } from './authorization-code.ts';
import {
  appRedirect,
  AuthorizeFields,
  type AuthorizeRequest,
  checkAuthorizeRequest,
  loginPageUrl,
  redirectWithError,
  refuseAuthorizeRequest,
} from './authorize-request.ts';
import { registerHostedLogin } from './hosted-login.ts';
import { hostedSessions } from './hosted-session.ts';
import { parseMaxAge, signedInAsAsked, withinMaxAge } from './max-age.ts';
import { AUTHORIZE_REFUSALS, EXPIRED_SIGN_IN, LOGOUT_REFUSALS, malformedLink, OTHER_BROWSER, refuseHere } from './refusal.ts';
import { browserBinding } from './browser-binding.ts';
import { createUpstreams, PROVIDER_NAMES, type ProviderName } from './upstream.ts';

const REQUEST_LIFETIME_MS = 10 * MINUTE;

/** userInfo's refusals; the last two are Cognito's words, quoted in WWW-Authenticate too (so no `"` or `\`). */
const USERINFO_TOKEN_REQUIRED = 'An access token is required (Authorization: Bearer <access token>).';
const USERINFO_TOKEN_INVALID = 'Access token is expired, disabled, or deleted, or the user has globally signed out.';
const USERINFO_SCOPE_MISSING = 'Access token does not contain openid scope';

/** Fastify's refusals of a body it cannot parse: of another content type, or broken JSON. */
const UNREADABLE_BODY = new Set([
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
]);

const AuthorizeWithProvider = Type.Object({
  identity_provider: Type.Optional(Type.String({ maxLength: 64 })),
  prompt: Type.Optional(Type.String({ maxLength: 64 })),
  // Its form is checked by parseMaxAge, so a bad value goes back to the app with its state.
  max_age: Type.Optional(Type.String({ maxLength: 64 })),
  ...AuthorizeFields,
});

const CallbackQuery = Type.Object(
  {
    state: Type.Optional(Type.String()),
    code: Type.Optional(Type.String()),
    error: Type.Optional(Type.String()),
    error_description: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

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

const RevokeBody = Type.Object({
  token: Type.String(),
  token_type_hint: Type.Optional(Type.String()),
  client_id: Type.Optional(Type.String()),
  client_secret: Type.Optional(Type.String()),
});

const tokenError = (reply: FastifyReply, error: string, status = 400) => {
  // RFC 6749: a failed client authentication names the scheme the client may use.
  if (status === 401) reply.header('www-authenticate', 'Basic realm="oauth2"');
  return reply.status(status).send({ error });
};

/**
 * Hosted sign-in like Cognito's hosted UI: /oauth2/authorize federates to Google or
 * Microsoft (openid-client, with PKCE, state and nonce), or sends a request that names no
 * provider to the pool's own sign-in page (hosted-login.ts); /oauth2/idpresponse receives the
 * provider's answer and hands the app a one-time code, /oauth2/token exchanges it (or a refresh
 * token), /oauth2/userInfo and /logout complete the set.
 */
export function registerHostedSignIn(plainScope: FastifyInstance, service: IdentityService, publicUrl: string): void {
  const scope = plainScope.withTypeProvider<TypeBoxTypeProvider>();
  const upstreams = createUpstreams(service.config.providers);
  const callbackUrl = `${publicUrl}/cognito/oauth2/idpresponse`;
  // `https://app.example` and `https://app.example/` are one address (an origin's root), at
  // /authorize, /token and /logout alike. Nothing else is: `/callback/` is another page than
  // `/callback`, which the app may serve differently, so a path is matched exactly, as Cognito does.
  const originRoot = (uri: string) => (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*\/$/i.test(uri) ? uri.slice(0, -1) : uri);
  const sameRedirect = (a: string, b: string) => originRoot(a) === originRoot(b);
  const allowedRedirect = (uri: string) => service.config.allowedRedirectUris.some((allowed) => sameRedirect(allowed, uri));
  /** The client a token or revocation request authenticates as (body or Basic header), if it is ours. */
  const authenticatedClient = (request: FastifyRequest, body: { client_id?: string; client_secret?: string }) => {
    const client = clientCredentials(request.headers.authorization, body);
    return client?.clientId === service.config.clientId ? client.clientId : undefined;
  };

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
  const sessions = hostedSessions(service, publicUrl.startsWith('https:'));
  const federatedBrowsers = browserBinding(publicUrl.startsWith('https:'), REQUEST_LIFETIME_MS / SECOND);
  registerHostedLogin(scope, {
    service,
    publicUrl,
    allowedRedirect,
    providers: PROVIDER_NAMES.filter((name) => upstreams.isConfigured(name)),
    sessions,
  });

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

  /**
   * Sends the browser to sign in at `provider` for `authorize`, which waits as a pending sign-in
   * for the provider's answer at /oauth2/idpresponse. `maxAge`, how recent that sign-in must be
   * (0: made now), is the provider's to honour, as prompt=login and max_age: it holds the session,
   * and would otherwise sign a browser it remembers in without asking. The answer is checked too.
   */
  async function sendToProvider(
    reply: FastifyReply,
    provider: ProviderName,
    configuration: oidc.Configuration,
    authorize: AuthorizeRequest,
    maxAge: number | undefined,
  ) {
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
  }

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

  scope.post('/oauth2/token', { schema: { body: TokenBody }, config: { access: 'public' } }, async (request, reply) => {
    const body = request.body;
    const clientId = authenticatedClient(request, body);
    if (clientId === undefined) return tokenError(reply, 'invalid_client', 401);
    try {
      if (body.grant_type === 'refresh_token') {
        if (!body.refresh_token) return tokenError(reply, 'invalid_request');
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
      if (body.grant_type !== 'authorization_code') return tokenError(reply, 'unsupported_grant_type');
      if (!body.code || !body.redirect_uri) return tokenError(reply, 'invalid_request');
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
        return tokenError(reply, 'invalid_grant');
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
      if (error instanceof CognitoError) return tokenError(reply, 'invalid_grant');
      throw error;
    }
  });

  // RFC 7009: a refresh token ends its session (and the access tokens issued from it); an
  // unknown or already revoked token is answered 200 all the same; an access or id token is
  // unsupported_token_type, as at Cognito's endpoint.
  scope.post('/oauth2/revoke', { schema: { body: RevokeBody }, config: { access: 'public' } }, async (request, reply) => {
    const clientId = authenticatedClient(request, request.body);
    if (clientId === undefined) return tokenError(reply, 'invalid_client', 401);
    try {
      await revokeToken.run({ Token: request.body.token, ClientId: clientId }, { service, ...clientOf(request) });
    } catch (error) {
      if (error instanceof CognitoError) {
        return tokenError(reply, error.type === 'UnsupportedTokenTypeException' ? 'unsupported_token_type' : 'invalid_request');
      }
      throw error;
    } finally {
      service.sessions.clear();
    }
    return reply.send({});
  });

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
