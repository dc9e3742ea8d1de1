import type { FastifyReply } from 'fastify';
import { REFUSAL_PAGE_POLICY, refusalPageHtml } from './login-page.ts';

/** The OAuth error a program reads: `error`, and at times `error_description`. */
export interface OAuthErrorBody {
  error: string;
  error_description?: string;
}

/** What a person reads instead: the page's heading and what happened. */
export interface RefusalText {
  title: string;
  text: string;
}

/** Whether the request is a browser's page load (its Accept names HTML), not an app's or a script's call. */
function wantsPage(reply: FastifyReply): boolean {
  return /\btext\/html\b/.test(reply.request.headers.accept ?? '');
}

/**
 * A refusal answered where the browser is, when there is nowhere safe to send it back to (the
 * return address or client is not ours): a page saying what happened to a person, as Cognito's
 * managed login shows one, and the OAuth error as JSON to a program. The app's own address is
 * never on the page, so the pool never links a visitor to an address it refused.
 */
export function refuseHere(reply: FastifyReply, body: OAuthErrorBody, page: RefusalText, status = 400) {
  reply.status(status).header('cache-control', 'no-store');
  if (!wantsPage(reply)) return reply.send(body);
  return reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', REFUSAL_PAGE_POLICY)
    .send(refusalPageHtml({ ...page, code: body.error }));
}

const SIGN_IN_STOPPED = 'Sign-in could not continue';
const ASK_THE_DEVELOPER = "Please tell the app's developer.";

/** The people's words for the refusals /oauth2/authorize (and the sign-in page's post) answer in place. */
export const AUTHORIZE_REFUSALS: Record<'invalid_client' | 'redirect_mismatch', RefusalText> = {
  invalid_client: {
    title: SIGN_IN_STOPPED,
    text: `The app this sign-in link names is not known to HireAssist sign-in. ${ASK_THE_DEVELOPER}`,
  },
  redirect_mismatch: {
    title: SIGN_IN_STOPPED,
    text: `This app's return address (its redirect_uri) is not registered with HireAssist sign-in, so you cannot be sent back to it. ${ASK_THE_DEVELOPER}`,
  },
};

/** The words for a malformed authorization or sign-out link (a parameter missing, too long, of the wrong form). */
export function malformedLink(detail: string): RefusalText {
  return { title: SIGN_IN_STOPPED, text: `This link is not complete or not valid (${detail}). ${ASK_THE_DEVELOPER}` };
}

const SIGN_OUT_STOPPED = 'Sign-out could not continue';

export const LOGOUT_REFUSALS: Record<'unknownAddress' | 'noAddress', RefusalText> = {
  unknownAddress: {
    title: SIGN_OUT_STOPPED,
    text: `This app's sign-out address (its logout_uri) is not registered with HireAssist sign-in, so you were not signed out here. ${ASK_THE_DEVELOPER}`,
  },
  noAddress: {
    title: SIGN_OUT_STOPPED,
    text: `This sign-out link does not say where to go afterwards (a logout_uri or a redirect_uri), so you were not signed out here. ${ASK_THE_DEVELOPER}`,
  },
};

export const EXPIRED_SIGN_IN: RefusalText = {
  title: SIGN_IN_STOPPED,
  text: 'This sign-in link has expired. Please start signing in again.',
};

export const OTHER_BROWSER: RefusalText = {
  title: SIGN_IN_STOPPED,
  text: 'This sign-in was started in another browser, or its link was shared. Please start signing in again here.',
};

/** A refused token or revocation request, in RFC 6749 5.2's form. */
export function refuseTokenRequest(reply: FastifyReply, error: string, status = 400) {
  // RFC 6749: a failed client authentication names the scheme the client may use.
  if (status === 401) reply.header('www-authenticate', 'Basic realm="oauth2"');
  return reply.status(status).send({ error });
}
