import { hostedSignInReturn, sessionTabStorage } from '../../../src-shared/api/identity/hosted-sign-in.ts';
import type { TokenSet } from '../../../src-shared/api/identity/types.ts';
import { decodeJwtPayload, reachesAccountApi, userFromIdToken, type User } from '../../../src-shared/domain/accounts/user.ts';
import { needsRenewal } from './session.ts';
import { clearTokens, readTokens } from './token-storage.ts';

/**
 * The session a page load starts from (stored tokens, or a hosted sign-in's return), and the
 * user that tokens describe. Plain functions: the session provider (session-context.tsx) holds
 * the state.
 */

export type AuthStatus = 'loading' | 'signed-out' | 'signed-in';

/** The user the tokens' id token describes. */
export function userFrom(tokens: TokenSet): User {
  return userFromIdToken(decodeJwtPayload(tokens.idToken));
}

/**
 * The user of stored tokens that can serve the account pages; throws for any others (a social
 * sign-in made before the app asked for the account scope cannot: it signs in again).
 */
export function storedUser(tokens: TokenSet): User {
  const user = userFrom(tokens);
  if (!reachesAccountApi(tokens.accessToken)) throw new Error('Stored session cannot use the account pages');
  return user;
}

/** `next`, keeping the times shown since sign-in when it is the same user's session renewed. */
export function renewedUser(previous: User | null, next: User): User {
  return previous?.id === next.id ? { ...next, createdAt: previous.createdAt, lastSignIn: previous.lastSignIn } : next;
}

interface StoredSession {
  status: AuthStatus;
  tokens: TokenSet | null;
  user: User | null;
}

/** A hosted sign-in's return on this address: the one this tab started, or one it did not. */
type HostedReturn = { own: true; appState: string | undefined } | { own: false };

interface RestoredSession extends StoredSession {
  /** The address returns from a hosted sign-in: this tab's own is finished by the provider below, another is refused. */
  returning: HostedReturn | undefined;
}

/**
 * The session on load: a hosted sign-in's return to this tab is finished ('loading' until
 * then); otherwise the stored session, whatever else the address carries.
 */
export function restoreSession(): RestoredSession {
  const returning = hostedReturnOf(window.location.search);
  if (returning?.own) return { status: 'loading', tokens: null, user: null, returning };
  return { ...storedSession(), returning };
}

/**
 * Whether the address returns from a hosted sign-in: a `code` or an `error` with a `state`,
 * this tab's own when the state is the one it sent. An address with a `code` and no state (a
 * promo link's ?code=SPRING24) is no sign-in at all.
 */
function hostedReturnOf(search: string): HostedReturn | undefined {
  const params = new URLSearchParams(search);
  if (!(params.has('code') || params.has('error')) || !params.has('state')) return undefined;
  const own = hostedSignInReturn(sessionTabStorage(), params.get('state'));
  return own ? { own: true, appState: own.appState } : { own: false };
}

/**
 * The session in local storage: used when both tokens exist and parse, and the access token
 * can use the account pages (storedUser); any other one is removed. Tokens about to expire are
 * renewed first ('loading' until then).
 */
function storedSession(): StoredSession {
  const tokens = readTokens();
  if (!tokens) return { status: 'signed-out', tokens: null, user: null };
  try {
    const user = storedUser(tokens);
    if (!needsRenewal(tokens)) return { status: 'signed-in', tokens, user };
    if (tokens.refreshToken) return { status: 'loading', tokens, user };
    throw new Error('Expired session without a refresh token');
  } catch (error) {
    console.warn('Stored session could not be read; it was removed', error);
    clearTokens();
    return { status: 'signed-out', tokens: null, user: null };
  }
}
