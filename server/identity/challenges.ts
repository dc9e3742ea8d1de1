import type { AuthenticationResultType, ChallengeNameType } from '@aws-sdk/client-cognito-identity-provider';
import { MINUTE } from './clock.ts';
import { invalidParameter, notAuthorized } from './errors.ts';
import { checkPassword } from './passwords.ts';
import { limitPerUser, type IdentityService } from './service.ts';
import { startSession } from './sessions.ts';
import { verifierColumns } from './srp/verifier.ts';
import { checkAttributeWrites } from './attributes.ts';
import { attributeWrites, userAttributes, type UserRow } from './users.ts';

/** What InitiateAuth and RespondToAuthChallenge answer: tokens, or the next challenge. */
export interface SignInAnswer {
  ChallengeParameters: Record<string, string>;
  AuthenticationResult?: AuthenticationResultType;
  ChallengeName?: ChallengeNameType;
  Session?: string;
}

/** How long a challenge's Session may be answered: Cognito's default authentication session. */
const CHALLENGE_SESSION_MS = 3 * MINUTE;

/** What a challenge's `Session` carries, sealed: no row is stored, and any instance can open it. */
interface ChallengeSession {
  challenge: 'NEW_PASSWORD_REQUIRED';
  sub: string;
  clientId: string;
  expiresAt: number;
}

const ATTRIBUTE_PREFIX = 'userAttributes.';

/**
 * The NEW_PASSWORD_REQUIRED challenge for a user whose password an operator set
 * (FORCE_CHANGE_PASSWORD), after that password matched: the user's attributes as Cognito
 * lists them, and a Session for RespondToAuthChallenge / AdminRespondToAuthChallenge.
 */
export function newPasswordChallenge(service: IdentityService, user: UserRow, clientId: string): SignInAnswer {
  const session: ChallengeSession = {
    challenge: 'NEW_PASSWORD_REQUIRED',
    sub: user.sub,
    clientId,
    expiresAt: service.clock.now() + CHALLENGE_SESSION_MS,
  };
  const attributes = Object.fromEntries(
    userAttributes(user)
      .filter(({ Name }) => Name !== 'sub' && Name !== 'identities')
      .map(({ Name, Value }) => [Name, Value]),
  );
  return {
    ChallengeName: 'NEW_PASSWORD_REQUIRED',
    Session: service.challengeSessions.seal(JSON.stringify(session)),
    ChallengeParameters: {
      USER_ID_FOR_SRP: user.username,
      requiredAttributes: '[]',
      userAttributes: JSON.stringify(attributes),
    },
  };
}

const invalidSession = () => notAuthorized('Invalid session for the user.');

/** A NEW_PASSWORD_REQUIRED answer: the client, the challenge's Session, the responses. */
interface NewPasswordAnswer {
  clientId: string;
  session: string | undefined;
  responses: Record<string, string>;
}

/** Answers NEW_PASSWORD_REQUIRED (setNewPassword) and signs the user in. */
export async function answerNewPasswordChallenge(service: IdentityService, request: NewPasswordAnswer): Promise<SignInAnswer> {
  const user = await setNewPassword(service, request);
  return { ChallengeParameters: {}, AuthenticationResult: await startSession(service, user, request.clientId) };
}

/**
 * The Session must be this client's and unexpired, the user still waiting for a new password;
 * the new password must meet the policy. Sets it (with its SRP verifier) and any
 * `userAttributes.*` given, and confirms the user, whom it returns.
 */
export async function setNewPassword(service: IdentityService, request: NewPasswordAnswer): Promise<UserRow> {
  const { responses } = request;
  const username = responses.USERNAME;
  if (!username) throw invalidParameter('Missing required parameter USERNAME');
  const password = responses.NEW_PASSWORD;
  if (!password) throw invalidParameter('Missing required parameter NEW_PASSWORD');
  const opened = request.session ? service.challengeSessions.open(request.session) : undefined;
  if (opened === undefined) throw invalidSession();
  const session = JSON.parse(opened) as ChallengeSession;
  if (session.challenge !== 'NEW_PASSWORD_REQUIRED' || session.clientId !== request.clientId) throw invalidSession();
  if (session.expiresAt <= service.clock.now()) throw notAuthorized('Invalid session for the user, session is expired.');
  await limitPerUser(service, username);
  const user = await service.db.selectFrom('identity_users').selectAll().where('sub', '=', session.sub).executeTakeFirst();
  const named = user && (user.username === username || user.email.toLowerCase() === username.toLowerCase());
  if (!user || !named || !user.enabled || user.status !== 'FORCE_CHANGE_PASSWORD') throw invalidSession();
  checkPassword(password, 'challengeResponses');
  const writes = checkAttributeWrites(
    Object.entries(responses)
      .filter(([name]) => name.startsWith(ATTRIBUTE_PREFIX))
      .map(([name, value]) => ({ Name: name.slice(ATTRIBUTE_PREFIX.length), Value: value })),
    service.config.customAttributes,
    'user',
    user,
  );
  const { email, ...columns } = writes.columns;
  // The address is where the operator's invitation went; changing it needs its own verification.
  if (email !== undefined && email.toLowerCase() !== user.email.toLowerCase()) {
    throw notAuthorized('A client attempted to write unauthorized attribute');
  }
  const now = service.clock.now();
  const updated = await service.db
    .updateTable('identity_users')
    .set({
      ...attributeWrites({ ...writes, columns }),
      password_hash: await service.passwords.hash(password),
      ...verifierColumns(service.srp, user.username, password),
      status: 'CONFIRMED',
      temporary_password_expires_at: null,
      failed_sign_ins: 0,
      last_failed_sign_in_at: null,
      locked_until: null,
      updated_at: new Date(now),
    })
    .where('sub', '=', user.sub)
    // One answer per challenge: a second one finds the user confirmed.
    .where('status', '=', 'FORCE_CHANGE_PASSWORD')
    .returningAll()
    .executeTakeFirst();
  if (updated === undefined) throw invalidSession();
  return updated;
}
