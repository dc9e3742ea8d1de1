import { Type, type Static } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { ADDRESS_MAX_LENGTH } from './login-page.ts';
import { checkPkceRequest } from './pkce.ts';
import { AUTHORIZE_REFUSALS, refuseHere } from './refusal.ts';
import { grantedScope } from './scope.ts';

/**
 * The longest client `state` and `nonce` kept for a sign-in. Clients send a random value of 16
 * to 64 characters; a longer one is refused rather than stored for anyone who asks.
 */
const MAX_STATE_LENGTH = 1024;

/** The members of an authorization request, as /oauth2/authorize and the sign-in page receive them. */
export const AuthorizeFields = {
  redirect_uri: Type.String({ maxLength: 2048 }),
  response_type: Type.String({ maxLength: 64 }),
  response_mode: Type.Optional(Type.String({ maxLength: 64 })),
  client_id: Type.String({ maxLength: 128 }),
  scope: Type.Optional(Type.String({ maxLength: 2048 })),
  // Lengths and forms are checked by checkAuthorizeRequest, so a bad value is answered the OAuth way.
  state: Type.Optional(Type.String()),
  nonce: Type.Optional(Type.String()),
  code_challenge: Type.Optional(Type.String()),
  code_challenge_method: Type.Optional(Type.String()),
  // OIDC's hint of who is signing in: the sign-in page fills it in when it could be an address.
  login_hint: Type.Optional(Type.String({ maxLength: 2048 })),
};
/** The request alone, as the sign-in page receives it. */
export const AuthorizeQuery = Type.Object(AuthorizeFields);
export type AuthorizeRequestFields = Static<typeof AuthorizeQuery>;

/** A request that passed every check: what the code issued for it must carry. */
export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state: string | null;
  nonce: string | null;
  codeChallenge: string | null;
  scope: string;
}

/**
 * What to do with a request: go on; answer here, when client or redirect URI is not known good
 * (an error cannot be sent anywhere else); or send the browser back to the app with an OAuth error.
 */
export type AuthorizeCheck =
  | { outcome: 'accepted'; request: AuthorizeRequest }
  | { outcome: 'refused-here'; error: 'invalid_client' | 'redirect_mismatch' }
  | { outcome: 'refused-to-app'; redirectUri: string; error: string; description: string; state: string | null };

/**
 * Cognito's checks of an authorization request, in its order: our client, an allowed redirect
 * URI, then (answered to the app) sizes, the code flow, PKCE with S256 and a scope the client
 * has; the response mode (query alone) is checked with the sizes.
 */
export function checkAuthorizeRequest(
  fields: AuthorizeRequestFields,
  clientId: string,
  allowedRedirect: (uri: string) => boolean,
): AuthorizeCheck {
  if (fields.client_id !== clientId) return { outcome: 'refused-here', error: 'invalid_client' };
  if (!allowedRedirect(fields.redirect_uri)) return { outcome: 'refused-here', error: 'redirect_mismatch' };
  const oversized = [fields.state, fields.nonce].some((value) => value !== undefined && value.length > MAX_STATE_LENGTH);
  const refuse = (error: string, description: string): AuthorizeCheck => ({
    outcome: 'refused-to-app',
    redirectUri: fields.redirect_uri,
    error,
    description,
    // An oversized state is not echoed: it would be stored or sent on for anyone who asks.
    state: oversized ? null : (fields.state ?? null),
  });
  if (oversized) return refuse('invalid_request', `state and nonce may be at most ${MAX_STATE_LENGTH} characters.`);
  // The code goes back in the query, the one mode the pool answers in (as its discovery says). An
  // app that asked for another (form_post, fragment) reads its answer elsewhere, and would find a
  // code in an address it never meant to carry one, where logs and Referer headers keep it. An
  // empty value is absent, as OAuth treats any parameter sent without a value.
  if (fields.response_mode && fields.response_mode !== 'query')
    return refuse('invalid_request', 'Only response_mode=query is supported.');
  if (fields.response_type !== 'code')
    return refuse('unsupported_response_type', 'Only the authorization code flow is supported.');
  const pkceProblem = checkPkceRequest(fields.code_challenge, fields.code_challenge_method);
  if (pkceProblem !== undefined) return refuse('invalid_request', pkceProblem);
  const scope = grantedScope(fields.scope);
  if (scope === undefined) return refuse('invalid_scope', 'The scope asks for a scope this client does not have.');
  return {
    outcome: 'accepted',
    request: {
      clientId: fields.client_id,
      redirectUri: fields.redirect_uri,
      state: fields.state ?? null,
      nonce: fields.nonce ?? null,
      codeChallenge: fields.code_challenge ?? null,
      scope,
    },
  };
}

/** The request's own fields again, for a link or a form that carries it to the next step. */
export function authorizeFields(request: AuthorizeRequest): Record<string, string> {
  return {
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    response_type: 'code',
    scope: request.scope,
    ...(request.state === null ? {} : { state: request.state }),
    ...(request.nonce === null ? {} : { nonce: request.nonce }),
    ...(request.codeChallenge === null ? {} : { code_challenge: request.codeChallenge, code_challenge_method: 'S256' }),
  };
}

/** The app's login_hint when it could be an address, for the sign-in page to fill in; else nothing. */
export function usableLoginHint(loginHint: string | undefined): string | undefined {
  return loginHint !== undefined && loginHint.length <= ADDRESS_MAX_LENGTH ? loginHint : undefined;
}

/** The sign-in page's address for `request`, carrying the app's login_hint when usable. */
export function loginPageUrl(publicUrl: string, request: AuthorizeRequest, loginHint: string | undefined): string {
  const hint = usableLoginHint(loginHint);
  const fields = { ...authorizeFields(request), ...(hint === undefined ? {} : { login_hint: hint }) };
  return `${publicUrl}/cognito/login?${new URLSearchParams(fields)}`;
}

/** The browser's way back to the app with a code, or with an OAuth error. */
export function appRedirect(redirectUri: string, parameters: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(parameters)) if (value) url.searchParams.set(name, value);
  return url.href;
}

/** Sends the browser back to the app with an OAuth error: hosted sign-in never dead-ends here. */
export function redirectWithError(
  reply: FastifyReply,
  redirectUri: string,
  error: string,
  description: string,
  state: string | null,
) {
  return reply.redirect(appRedirect(redirectUri, { error, error_description: description, state }), 302);
}

/** A request checkAuthorizeRequest refused: answered here, or sent back to the app. */
export function refuseAuthorizeRequest(reply: FastifyReply, check: Exclude<AuthorizeCheck, { outcome: 'accepted' }>) {
  if (check.outcome === 'refused-here') return refuseHere(reply, { error: check.error }, AUTHORIZE_REFUSALS[check.error]);
  return redirectWithError(reply, check.redirectUri, check.error, check.description, check.state);
}
