import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import type { LoginProvider } from '../../../src-shared/domain/accounts/user.ts';
import { MINUTE } from '../clock.ts';
import type { IdentityService } from '../service.ts';
import { appRedirect, type AuthorizeRequest } from './authorize-request.ts';
import { saveAuthorizationCode } from './store.ts';

const CODE_LIFETIME_MS = 5 * MINUTE;

/**
 * A one-time code for the user who signed in (on the pool's page or at Google or Microsoft),
 * bound to the request's client, redirect URI, PKCE challenge, nonce and scope, and noting how
 * and when they signed in (`authTime`: just now unless given, as for a browser the page
 * remembers): the address that takes the browser back to the app with it. `db` is the caller's
 * transaction where it has one.
 */
export async function grantCode(
  service: IdentityService,
  request: AuthorizeRequest,
  signedIn: { sub: string; method: LoginProvider; authTime?: Date },
  db: Kysely<Schema> = service.db,
): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  const now = service.clock.now();
  await saveAuthorizationCode(db, code, {
    user_sub: signedIn.sub,
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    code_challenge: request.codeChallenge,
    code_challenge_method: request.codeChallenge === null ? null : 'S256',
    expires_at: new Date(now + CODE_LIFETIME_MS),
    nonce: request.nonce,
    scope: request.scope,
    sign_in_method: signedIn.method,
    auth_time: signedIn.authTime ?? new Date(now),
  });
  return appRedirect(request.redirectUri, { code, state: request.state });
}

/**
 * The id of the session a code starts when exchanged, derived from the code (one way: the id is
 * every access token's origin_jti). A code presented again is gone from the store, but this still
 * names what its first exchange issued, so the replay can end it, as RFC 6749 4.1.2 asks: the
 * code was caught on its way, and whoever exchanged it first may not be the app.
 */
export function codeSessionId(code: string): string {
  const hex = createHash('sha256').update(`oauth2-code-session:${code}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
