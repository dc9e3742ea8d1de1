import { requiredString } from '../fields.ts';
import { refreshSession } from '../sessions.ts';
import { requireClientId, type Operation } from './operation.ts';

/**
 * GetTokensFromRefreshToken (how Amplify v6 refreshes): new access and id tokens, and with
 * refresh-token rotation on (IDENTITY_REFRESH_TOKEN_ROTATION) a new refresh token as well.
 * Read-only for the shared read cache: a rotation drops only its own token's entry.
 */
export const getTokensFromRefreshToken: Operation<'GetTokensFromRefreshToken'> = {
  readOnly: true,
  signed: false,
  async run(input, { service }) {
    const refreshToken = requiredString(input, 'RefreshToken', 8192);
    const clientId = requireClientId(input, service);
    return { AuthenticationResult: await refreshSession(service, refreshToken, clientId) };
  },
};
