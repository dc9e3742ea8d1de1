import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { cookieValue, httpOnlyCookie } from '../../http/cookies.ts';
import { hashToken, sameHash } from '../codes.ts';

/** Only the provider's return reaches it: no other page of the pool is sent the cookie. */
const COOKIE_PATH = '/cognito/oauth2/idpresponse';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** One cookie per sign-in (its state in the name), so two tabs signing in at once do not undo each other. */
const cookieName = (state: string) => `federated_signin_${state}`;

export interface BrowserBinding {
  /** A new secret for the sign-in of `state`: the Set-Cookie value, and the hash its pending row keeps. */
  start(state: string): { cookie: string; hash: string };
  /** Whether the request comes from the browser that started the sign-in of `state`. */
  matches(request: FastifyRequest, state: string, hash: string): boolean;
  /** The Set-Cookie value that clears the sign-in's cookie once its return has been read. */
  clear(state: string): string;
}

/**
 * Binds a sign-in at Google or Microsoft to the browser that began it, as Cognito's own
 * csrf-state cookie does. Without it, /oauth2/idpresponse would finish a sign-in for whoever
 * opens the provider's return link: someone who signed in at the provider as themselves could
 * send their link to another person, whose browser would then carry the sender's code to the
 * app (a login CSRF that only the app's own state and PKCE checks stop). The secret is random, its
 * hash is kept with the pending sign-in, compared in constant time; the cookie is `HttpOnly`,
 * `SameSite=Lax` (the provider's redirect back is a top-level GET, which carries it), scoped to
 * the return path, and lives as long as the pending sign-in.
 */
export function browserBinding(secure: boolean, lifetimeSeconds: number): BrowserBinding {
  const cookie = (state: string, value: string, maxAgeSeconds: number) =>
    httpOnlyCookie(cookieName(state), value, { path: COOKIE_PATH, maxAgeSeconds, sameSite: 'Lax', secure });
  return {
    start(state) {
      const secret = randomBytes(32).toString('base64url');
      return { cookie: cookie(state, secret, lifetimeSeconds), hash: hashToken(secret) };
    },
    matches(request, state, hash) {
      const secret = cookieValue(request.headers.cookie, cookieName(state));
      return secret !== undefined && TOKEN.test(secret) && sameHash(hashToken(secret), hash);
    },
    clear: (state) => cookie(state, '', 0),
  };
}
