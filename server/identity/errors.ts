import { DATABASE_BUSY } from '../http/errors.ts';

/**
 * Cognito's exceptions, with the names and messages AWS sends, so the SDK throws the same
 * class (it reads the name from `x-amzn-ErrorType`) and the web app shows the same text.
 */
export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = type;
  }
}

const error = (type: string) => (message: string) => new CognitoError(type, message);

export const invalidParameter = error('InvalidParameterException');
export const notAuthorized = error('NotAuthorizedException');
const limitExceeded = error('LimitExceededException');
export const resourceNotFound = error('ResourceNotFoundException');
export const aliasExists = () => new CognitoError('AliasExistsException', 'An account with the given email already exists.');
export const invalidPassword = error('InvalidPasswordException');
export const userNotFound = () => new CognitoError('UserNotFoundException', 'User does not exist.');
export const userNotConfirmed = () => new CognitoError('UserNotConfirmedException', 'User is not confirmed.');
export const codeMismatch = () =>
  new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');
export const expiredCode = () => new CognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
export const attemptLimit = () => limitExceeded('Attempt limit exceeded, please try after some time.');
export const tooManyRequests = () => new CognitoError('TooManyRequestsException', 'Too many requests');
export const incorrectCredentials = () => notAuthorized('Incorrect username or password.');
export const passwordAttemptsExceeded = () => notAuthorized('Password attempts exceeded');
export const invalidAccessToken = () => notAuthorized('Invalid Access Token');
export const revokedAccessToken = () => notAuthorized('Access Token has been revoked');
export const expiredAccessToken = () => notAuthorized('Access Token has expired');
export const missingScope = () => notAuthorized('Access Token does not have required scopes');
export const passwordResetRequired = () =>
  new CognitoError('PasswordResetRequiredException', 'Password reset required for the user');
export const userDisabled = () => notAuthorized('User is disabled.');
/** ForgotPassword and AdminResetUserPassword for a user still on an operator's temporary password. */
export const passwordCannotBeReset = () => notAuthorized('User password cannot be reset in the current state.');
/** ForgotPassword and AdminResetUserPassword with no verified address to mail the code to. */
export const noVerifiedDestination = () =>
  invalidParameter('Cannot reset password for the user as there is no registered/verified email or phone_number');
/**
 * A refresh token that rotation retired, past its grace: the exception Cognito documents for it
 * (Amplify v6 throws it from fetchAuthSession rather than answering no tokens). The message is
 * the unknown token's: AWS documents none of its own.
 */
export const refreshTokenReused = () => new CognitoError('RefreshTokenReuseException', 'Invalid Refresh Token');
export const internalError = () => new CognitoError('InternalErrorException', 'An internal error occurred. Please try again.');
/**
 * The database did not answer in time (a 503 with Retry-After): Cognito's exception for a
 * failure on its side, which the AWS SDK retries by itself as it does any 5xx.
 */
export const serviceBusy = () => new CognitoError('InternalErrorException', DATABASE_BUSY);

/** The message AWS gives when a required member is missing. */
export const missingMember = (member: string) =>
  invalidParameter(
    `1 validation error detected: Value null at '${lowerFirst(member)}' failed to satisfy constraint: Member must not be null`,
  );

/**
 * The message AWS gives when a member has the wrong type or shape. It names no value: AWS
 * leaves out a secret one (a username, a password, a token), and this one may be any of them.
 */
export const badMember = (member: string, constraint: string) =>
  invalidParameter(`1 validation error detected: Value at '${lowerFirst(member)}' failed to satisfy constraint: ${constraint}`);

/** The same for a member that is not secret (a number, a limit): AWS quotes its value. */
export const badValue = (member: string, value: string | number, constraint: string) =>
  invalidParameter(
    `1 validation error detected: Value '${value}' at '${lowerFirst(member)}' failed to satisfy constraint: ${constraint}`,
  );

function lowerFirst(member: string): string {
  return member.charAt(0).toLowerCase() + member.slice(1);
}

/** A federated sign-in we will not complete; the message is shown to the person. */
export class FederationRefused extends Error {}
