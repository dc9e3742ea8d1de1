import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import type { LoginProvider } from '../../../src-shared/domain/accounts/user.ts';
import { cookieValue, httpOnlyCookie } from '../../http/cookies.ts';
import { HOUR } from '../clock.ts';
import type { IdentityService } from '../service.ts';
import { deleteHostedSession, findHostedSessionUser, saveHostedSession } from './store.ts';

const SESSION_COOKIE = 'hosted_session';
/** Cognito's managed login remembers a browser for an hour. */
const SESSION_MS = HOUR;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A browser's sign-in on the page: who, how, and when (the auth_time of the codes it is given). */
export interface RememberedSignIn {
  sub: string;
  method: LoginProvider;
  authTime: Date;
}

export interface HostedSessions {
  /** Remembers this browser for the user who just signed in on the page: the Set-Cookie value. */
  start(signedIn: RememberedSignIn): Promise<string>;
  /**
   * Who the request's browser is signed in as, while the session lasts and the user may still
   * sign in; in `db`'s transaction, the session is kept from a sign-out until it ends.
   */
  userOf(request: FastifyRequest, db?: Kysely<Schema>): Promise<RememberedSignIn | undefined>;
  /** Forgets the request's browser: the Set-Cookie value that clears its cookie. */
  end(request: FastifyRequest): Promise<string>;
}

/**
 * The sign-in page's memory of a browser, as Cognito's managed login keeps one: a random cookie
 * (`HttpOnly`, `SameSite=Lax` so the app's redirect to /oauth2/authorize carries it, path
 * /cognito), its hash in the database for every instance, an hour long. Ended by /logout, and
 * with every other session of the user (global sign-out, a reset password, a disabled account).
 */
export function hostedSessions(service: IdentityService, secure: boolean): HostedSessions {
  const cookie = (value: string, maxAgeSeconds: number) =>
    httpOnlyCookie(SESSION_COOKIE, value, { path: '/cognito', maxAgeSeconds, sameSite: 'Lax', secure });
  const tokenOf = (request: FastifyRequest) => {
    const token = cookieValue(request.headers.cookie, SESSION_COOKIE);
    return token !== undefined && TOKEN.test(token) ? token : undefined;
  };
  return {
    async start({ sub, method, authTime }) {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(service.clock.now() + SESSION_MS);
      await saveHostedSession(service.db, token, {
        user_sub: sub,
        sign_in_method: method,
        expires_at: expiresAt,
        auth_time: authTime,
      });
      return cookie(token, SESSION_MS / 1000);
    },
    async userOf(request, db = service.db) {
      const token = tokenOf(request);
      if (token === undefined) return undefined;
      const found = await findHostedSessionUser(db, token, new Date(service.clock.now()));
      if (found === undefined || !found.enabled || found.status !== 'CONFIRMED') return undefined;
      return { sub: found.sub, method: found.sign_in_method, authTime: found.auth_time };
    },
    async end(request) {
      const token = tokenOf(request);
      if (token !== undefined) await deleteHostedSession(service.db, token);
      return cookie('', 0);
    },
  };
}
