import type { IdentityPublicConfig } from '../../domain/public-config.ts';

/** Where the browser finds the user pool: the `identity` section of GET /api/config. */
export type IdentityEndpoint = Pick<IdentityPublicConfig, 'region' | 'userPoolId' | 'clientId' | 'endpoint' | 'hostedDomain'>;

export interface TokenSet {
  accessToken: string;
  idToken: string;
  refreshToken: string;
}

export type SocialIdentityProvider = 'Google' | 'AzureAD';

export interface SignUpInput {
  email: string;
  password: string;
  givenName: string;
  familyName: string;
  /** E.164, when given. */
  phoneNumber?: string;
}

export type UserAttributes = Record<string, string>;

/**
 * An identity-service failure: Cognito's error name (e.g. UsernameExistsException) and its own
 * message. `transient`: the service gave no answer on the request (the network failed), failed
 * itself (5xx) or asked to slow down, so the same call may work later; otherwise it refused it.
 */
export class IdentityError extends Error {
  override readonly name: string;
  constructor(
    name: string,
    message: string,
    readonly transient = false,
  ) {
    super(message);
    this.name = name;
  }
}

/**
 * The sign-in worked with an operator's temporary password: the user must choose their own
 * (Cognito's NEW_PASSWORD_REQUIRED challenge); `session` answers it.
 */
export class NewPasswordRequiredError extends IdentityError {
  constructor(readonly session: string) {
    super('NewPasswordRequired', 'Choose a new password to finish signing in.');
  }
}

/**
 * Everything the web app asks the user pool, with no UI side effects. Implemented over
 * `@aws-sdk/client-cognito-identity-provider` (loaded only when first used) and, for
 * hosted sign-in, the pool's /oauth2 endpoints.
 */
export interface IdentityClient {
  signUp(input: SignUpInput): Promise<void>;
  confirmSignUp(email: string, code: string): Promise<void>;
  resendConfirmationCode(email: string): Promise<void>;
  /**
   * USER_PASSWORD_AUTH; NEW_PASSWORD_REQUIRED is a NewPasswordRequiredError, any other
   * challenge an IdentityError 'Challenge required: {name}'.
   */
  signIn(email: string, password: string): Promise<TokenSet>;
  /** Answers NEW_PASSWORD_REQUIRED (RespondToAuthChallenge) with the user's own password. */
  completeNewPassword(email: string, session: string, newPassword: string): Promise<TokenSet>;
  /**
   * GetTokensFromRefreshToken: new access and id tokens, and the refresh token to keep, a new
   * one when the pool rotates them (the one given then stops working after a short grace).
   */
  refresh(refreshToken: string): Promise<TokenSet>;
  getUser(accessToken: string): Promise<UserAttributes>;
  updateUserAttributes(accessToken: string, attributes: UserAttributes): Promise<void>;
  verifyUserAttribute(accessToken: string, name: string, code: string): Promise<void>;
  sendUserAttributeCode(accessToken: string, name: string): Promise<void>;
  forgotPassword(email: string): Promise<void>;
  confirmForgotPassword(email: string, code: string, password: string): Promise<void>;
  changePassword(accessToken: string, previousPassword: string, proposedPassword: string): Promise<void>;
  globalSignOut(accessToken: string): Promise<void>;
  revokeToken(refreshToken: string): Promise<void>;
  deleteUser(accessToken: string): Promise<void>;
  /**
   * The hosted authorize address that starts a Google or Microsoft sign-in (with state and PKCE
   * kept for this tab, and `appState`, the app's own, which hostedSignInReturn hands back).
   */
  authorizeUrl(provider: SocialIdentityProvider, redirectUri: string, appState?: string): Promise<string>;
  /**
   * Exchanges the code the hosted sign-in returned with (authorization_code grant, with the
   * PKCE verifier); refuses a callback whose `state` is not the one this tab sent.
   */
  exchangeCode(code: string, state: string | null, redirectUri: string): Promise<TokenSet>;
}
