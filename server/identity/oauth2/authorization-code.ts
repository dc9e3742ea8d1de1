import { randomBytes } from 'node:crypto';
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
 * remembers): the address that takes the browser back to the app with it.
 */
export async function grantCode(
  service: IdentityService,
  request: AuthorizeRequest,
  signedIn: { sub: string; method: LoginProvider; authTime?: Date },
): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  const now = service.clock.now();
  await saveAuthorizationCode(service.db, code, {
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
