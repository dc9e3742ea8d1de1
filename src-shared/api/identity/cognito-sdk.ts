import {
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  DeleteUserCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserAttributeVerificationCodeCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
  type AuthenticationResultType,
  type InitiateAuthCommandOutput,
  type RespondToAuthChallengeCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  IdentityError,
  NewPasswordRequiredError,
  type IdentityEndpoint,
  type SignUpInput,
  type TokenSet,
  type UserAttributes,
} from './types.ts';

const AUTHENTICATION_FAILED = 'Authentication failed';

const httpStatusOf = (error: Error) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** Whether the SDK's error came with an HTTP answer (not: offline, a dropped connection). */
const answered = (error: Error) => httpStatusOf(error) !== undefined;

/** Whether the SDK's error is no refusal: no HTTP answer, a 5xx, or Cognito's TooManyRequestsException (which it sends as a 400). */
function isTransient(error: Error): boolean {
  const status = httpStatusOf(error);
  return status === undefined || status >= 500 || error.name === 'TooManyRequestsException';
}

/** The SDK half of the identity client, in its own chunk (see client.ts). */
export function createSdkClient(endpoint: IdentityEndpoint) {
  const client = new CognitoIdentityProviderClient({
    region: endpoint.region,
    ...(endpoint.endpoint ? { endpoint: endpoint.endpoint } : {}),
    // User operations are unsigned; an empty credential set keeps the SDK from looking for any.
    credentials: { accessKeyId: '', secretAccessKey: '' },
    maxAttempts: 1,
  });
  const ClientId = endpoint.clientId;

  /**
   * Runs one call; a service error becomes an IdentityError with Cognito's name and message. A
   * call the service never answered has no message of the service's: the browser's own words
   * ("Failed to fetch") are not for the customer, who sees the form's fallback.
   */
  async function call<Output>(run: () => Promise<Output>): Promise<Output> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      throw new IdentityError(error.name, answered(error) ? error.message : '', isTransient(error));
    }
  }

  function tokens(result: AuthenticationResultType | undefined, refreshToken?: string): TokenSet {
    const refresh = result?.RefreshToken ?? refreshToken;
    if (!result?.AccessToken || !result.IdToken || !refresh)
      throw new IdentityError('AuthenticationFailed', AUTHENTICATION_FAILED);
    return { accessToken: result.AccessToken, idToken: result.IdToken, refreshToken: refresh };
  }

  function authenticated(
    output: InitiateAuthCommandOutput | RespondToAuthChallengeCommandOutput,
    refreshToken?: string,
  ): TokenSet {
    if (output.AuthenticationResult) return tokens(output.AuthenticationResult, refreshToken);
    if (output.ChallengeName === 'NEW_PASSWORD_REQUIRED' && output.Session) throw new NewPasswordRequiredError(output.Session);
    if (output.ChallengeName) throw new IdentityError('ChallengeRequired', `Challenge required: ${output.ChallengeName}`);
    throw new IdentityError('AuthenticationFailed', AUTHENTICATION_FAILED);
  }

  const attributeList = (attributes: UserAttributes) => Object.entries(attributes).map(([Name, Value]) => ({ Name, Value }));

  return {
    async signUp(input: SignUpInput) {
      await call(() =>
        client.send(
          new SignUpCommand({
            ClientId,
            Username: input.email,
            Password: input.password,
            UserAttributes: attributeList({
              email: input.email,
              given_name: input.givenName,
              family_name: input.familyName,
              ...(input.phoneNumber ? { phone_number: input.phoneNumber } : {}),
            }),
          }),
        ),
      );
    },
    async confirmSignUp(email: string, code: string) {
      await call(() => client.send(new ConfirmSignUpCommand({ ClientId, Username: email, ConfirmationCode: code })));
    },
    async resendConfirmationCode(email: string) {
      await call(() => client.send(new ResendConfirmationCodeCommand({ ClientId, Username: email })));
    },
    async signIn(email: string, password: string) {
      const output = await call(() =>
        client.send(
          new InitiateAuthCommand({
            ClientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: email, PASSWORD: password },
          }),
        ),
      );
      return authenticated(output);
    },
    async completeNewPassword(email: string, session: string, newPassword: string) {
      const output = await call(() =>
        client.send(
          new RespondToAuthChallengeCommand({
            ClientId,
            ChallengeName: 'NEW_PASSWORD_REQUIRED',
            Session: session,
            ChallengeResponses: { USERNAME: email, NEW_PASSWORD: newPassword },
          }),
        ),
      );
      return authenticated(output);
    },
    async refresh(refreshToken: string) {
      // GetTokensFromRefreshToken, not REFRESH_TOKEN_AUTH: a pool with refresh token rotation
      // refuses that flow. With rotation the answer carries a new refresh token, which the
      // TokenSet returns in place of the one given; without it, the one given stays.
      const output = await call(() =>
        client.send(new GetTokensFromRefreshTokenCommand({ ClientId, RefreshToken: refreshToken })),
      );
      return tokens(output.AuthenticationResult, refreshToken);
    },
    async getUser(accessToken: string) {
      const output = await call(() => client.send(new GetUserCommand({ AccessToken: accessToken })));
      return Object.fromEntries((output.UserAttributes ?? []).map((a) => [a.Name ?? '', a.Value ?? '']));
    },
    async updateUserAttributes(accessToken: string, attributes: UserAttributes) {
      await call(() =>
        client.send(new UpdateUserAttributesCommand({ AccessToken: accessToken, UserAttributes: attributeList(attributes) })),
      );
    },
    async verifyUserAttribute(accessToken: string, name: string, code: string) {
      await call(() =>
        client.send(new VerifyUserAttributeCommand({ AccessToken: accessToken, AttributeName: name, Code: code })),
      );
    },
    async sendUserAttributeCode(accessToken: string, name: string) {
      await call(() =>
        client.send(new GetUserAttributeVerificationCodeCommand({ AccessToken: accessToken, AttributeName: name })),
      );
    },
    async forgotPassword(email: string) {
      await call(() => client.send(new ForgotPasswordCommand({ ClientId, Username: email })));
    },
    async confirmForgotPassword(email: string, code: string, password: string) {
      await call(() =>
        client.send(new ConfirmForgotPasswordCommand({ ClientId, Username: email, ConfirmationCode: code, Password: password })),
      );
    },
    async changePassword(accessToken: string, previousPassword: string, proposedPassword: string) {
      await call(() =>
        client.send(
          new ChangePasswordCommand({
            AccessToken: accessToken,
            PreviousPassword: previousPassword,
            ProposedPassword: proposedPassword,
          }),
        ),
      );
    },
    async globalSignOut(accessToken: string) {
      await call(() => client.send(new GlobalSignOutCommand({ AccessToken: accessToken })));
    },
    async revokeToken(refreshToken: string) {
      await call(() => client.send(new RevokeTokenCommand({ ClientId, Token: refreshToken })));
    },
    async deleteUser(accessToken: string) {
      await call(() => client.send(new DeleteUserCommand({ AccessToken: accessToken })));
    },
  };
}
