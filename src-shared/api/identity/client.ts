import { finishHostedSignIn, sessionTabStorage, startHostedSignIn, type TabStorage } from './hosted-sign-in.ts';
import type { IdentityClient, IdentityEndpoint, SocialIdentityProvider, TokenSet } from './types.ts';
import { IdentityError } from './types.ts';
import { ACCOUNT_API_SCOPE } from '../../domain/accounts/user.ts';

type SdkClient = Awaited<ReturnType<typeof loadSdkClient>>;

async function loadSdkClient(endpoint: IdentityEndpoint) {
  // The SDK is about 60 KB gzipped: it loads on the first call, never on a first visit.
  const sdk = await import('./cognito-sdk.ts');
  return sdk.createSdkClient(endpoint);
}

/**
 * The browser's identity client. Every Cognito operation goes through the AWS SDK, so the
 * same build talks to our embedded service or to AWS Cognito, whichever /api/config names.
 */
export function createIdentityClient(
  endpoint: IdentityEndpoint,
  fetchImpl: typeof fetch = fetch,
  /** Where a hosted sign-in's state and PKCE verifier wait for the callback: the tab's own. */
  tabStorage: () => TabStorage = sessionTabStorage,
): IdentityClient {
  let client: Promise<SdkClient> | undefined;
  const sdk = () =>
    (client ??= loadSdkClient(endpoint).catch((error: unknown) => {
      client = undefined;
      throw error;
    }));
  const hosted = (path: string) => `${(endpoint.hostedDomain ?? '').replace(/\/$/, '')}${path}`;

  return {
    signUp: async (input) => (await sdk()).signUp(input),
    confirmSignUp: async (email, code) => (await sdk()).confirmSignUp(email, code),
    resendConfirmationCode: async (email) => (await sdk()).resendConfirmationCode(email),
    signIn: async (email, password) => (await sdk()).signIn(email, password),
    completeNewPassword: async (email, session, newPassword) => (await sdk()).completeNewPassword(email, session, newPassword),
    refresh: async (refreshToken) => (await sdk()).refresh(refreshToken),
    getUser: async (accessToken) => (await sdk()).getUser(accessToken),
    updateUserAttributes: async (accessToken, attributes) => (await sdk()).updateUserAttributes(accessToken, attributes),
    verifyUserAttribute: async (accessToken, name, code) => (await sdk()).verifyUserAttribute(accessToken, name, code),
    sendUserAttributeCode: async (accessToken, name) => (await sdk()).sendUserAttributeCode(accessToken, name),
    forgotPassword: async (email) => (await sdk()).forgotPassword(email),
    confirmForgotPassword: async (email, code, password) => (await sdk()).confirmForgotPassword(email, code, password),
    changePassword: async (accessToken, previous, proposed) => (await sdk()).changePassword(accessToken, previous, proposed),
    globalSignOut: async (accessToken) => (await sdk()).globalSignOut(accessToken),
    revokeToken: async (refreshToken) => (await sdk()).revokeToken(refreshToken),
    deleteUser: async (accessToken) => (await sdk()).deleteUser(accessToken),

    async authorizeUrl(provider: SocialIdentityProvider, redirectUri: string, appState?: string) {
      const { state, codeChallenge } = await startHostedSignIn(tabStorage(), appState);
      const query = new URLSearchParams({
        identity_provider: provider,
        redirect_uri: redirectUri,
        response_type: 'code',
        client_id: endpoint.clientId,
        // The account pages call the user API (GetUser, UpdateUserAttributes…), which takes
        // only access tokens carrying this scope, in Cognito as in the embedded pool.
        scope: `openid email profile ${ACCOUNT_API_SCOPE}`,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
      return `${hosted('/oauth2/authorize')}?${query}`;
    },

    async exchangeCode(code: string, state: string | null, redirectUri: string): Promise<TokenSet> {
      const verifier = finishHostedSignIn(tabStorage(), state);
      if (verifier === undefined) {
        throw new IdentityError('OAuthStateMismatch', 'This sign-in was not started in this tab.');
      }
      const response = await fetchImpl(hosted('/oauth2/token'), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: endpoint.clientId,
          code,
          redirect_uri: redirectUri,
          code_verifier: verifier,
        }),
      });
      const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      if (!response.ok || typeof body.access_token !== 'string' || typeof body.id_token !== 'string') {
        throw new IdentityError(
          String(body.error ?? 'OAuthError'),
          String(body.error_description ?? body.error ?? `HTTP ${response.status}`),
        );
      }
      return { accessToken: body.access_token, idToken: body.id_token, refreshToken: String(body.refresh_token ?? '') };
    },
  };
}
