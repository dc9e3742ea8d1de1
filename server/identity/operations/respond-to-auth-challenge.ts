import { answerNewPasswordChallenge, type SignInAnswer } from '../challenges.ts';
import { invalidParameter, notAuthorized } from '../errors.ts';
import { optionalString, requiredString, stringMap, type Input } from '../fields.ts';
import type { IdentityService } from '../service.ts';
import { answerPasswordVerifier } from '../srp/sign-in.ts';
import { requireClientId, type Operation } from './operation.ts';
import { reportSignInAnswer } from '../security-events.ts';

const CHALLENGE_NAMES = [
  'SMS_MFA',
  'EMAIL_OTP',
  'SOFTWARE_TOKEN_MFA',
  'SELECT_MFA_TYPE',
  'MFA_SETUP',
  'PASSWORD_VERIFIER',
  'CUSTOM_CHALLENGE',
  'SELECT_CHALLENGE',
  'DEVICE_SRP_AUTH',
  'DEVICE_PASSWORD_VERIFIER',
  'ADMIN_NO_SRP_AUTH',
  'NEW_PASSWORD_REQUIRED',
  'SMS_OTP',
  'PASSWORD',
  'WEB_AUTHN',
  'PASSWORD_SRP',
];

/**
 * The answer to a challenge, for RespondToAuthChallenge and AdminRespondToAuthChallenge alike:
 * PASSWORD_VERIFIER (SRP) and NEW_PASSWORD_REQUIRED; no other challenge is ever issued here.
 */
export function answerChallenge(service: IdentityService, input: Input, clientId: string): Promise<SignInAnswer> {
  const name = requiredString(input, 'ChallengeName', 64);
  if (!CHALLENGE_NAMES.includes(name)) {
    throw invalidParameter(
      `1 validation error detected: Value '${name}' at 'challengeName' failed to satisfy constraint: Member must satisfy enum value set: [${CHALLENGE_NAMES.join(', ')}]`,
    );
  }
  const responses = stringMap(input, 'ChallengeResponses');
  const session = optionalString(input, 'Session', 2048);
  switch (name) {
    case 'PASSWORD_VERIFIER':
      return answerPasswordVerifier(service, responses, clientId);
    case 'NEW_PASSWORD_REQUIRED':
      return answerNewPasswordChallenge(service, { clientId, session, responses });
    default:
      // Nothing issues MFA, custom or device challenges here, so there is no session to answer.
      throw notAuthorized('Invalid session for the user.');
  }
}

/** RespondToAuthChallenge: the second step of USER_SRP_AUTH, or a new password where one is required. */
export const respondToAuthChallenge: Operation<'RespondToAuthChallenge'> = {
  // Like InitiateAuth: it starts sessions and sets passwords, which no cached token check has read.
  readOnly: true,
  signed: false,
  run(input, { service, ...client }) {
    const clientId = requireClientId(input, service);
    const login = stringMap(input, 'ChallengeResponses').USERNAME ?? null;
    return reportSignInAnswer(service, client, login, () => answerChallenge(service, input, clientId));
  },
};
