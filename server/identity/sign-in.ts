import { newPasswordChallenge, type SignInAnswer } from './challenges.ts';
import {
  incorrectCredentials,
  invalidParameter,
  notAuthorized,
  passwordAttemptsExceeded,
  passwordResetRequired,
  userDisabled,
  userNotConfirmed,
} from './errors.ts';
import { requiredString, stringMap, type Input } from './fields.ts';
import { lengthenedLock, nextFailureCount } from './lockout.ts';
import { requireClientId } from './operations/operation.ts';
import { withPasswordCheck } from './password-checks.ts';
import { limitPerUser, type IdentityService } from './service.ts';
import type { ClientInfo } from './security-event.ts';
import { reportSignIn } from './security-events.ts';
import { refreshSession, startSession } from './sessions.ts';
import { verifierColumns } from './srp/verifier.ts';
import { unknownUserLimits } from './unknown-user-limits.ts';
import { findUser, type UserRow } from './users.ts';

const AUTH_FLOWS = [
  'USER_SRP_AUTH',
  'REFRESH_TOKEN_AUTH',
  'REFRESH_TOKEN',
  'CUSTOM_AUTH',
  'ADMIN_NO_SRP_AUTH',
  'USER_PASSWORD_AUTH',
  'ADMIN_USER_PASSWORD_AUTH',
  'USER_AUTH',
];

/** The members InitiateAuth and AdminInitiateAuth share: the flow, our client, the flow's parameters. */
interface AuthRequest {
  flow: string;
  clientId: string;
  /** The flow's parameter `name`; missing or empty, Cognito's InvalidParameterException. */
  parameter(name: string): string;
}

/** The AuthRequest of `input`: a flow Cognito knows, our client, or Cognito's answers. */
export function readAuthRequest(input: Input, service: IdentityService): AuthRequest {
  const flow = requiredString(input, 'AuthFlow', 64);
  if (!AUTH_FLOWS.includes(flow)) {
    throw invalidParameter(
      `1 validation error detected: Value '${flow}' at 'authFlow' failed to satisfy constraint: Member must satisfy enum value set: [${AUTH_FLOWS.join(', ')}]`,
    );
  }
  const clientId = requireClientId(input, service);
  const parameters = stringMap(input, 'AuthParameters');
  const parameter = (name: string) => {
    const value = parameters[name];
    if (!value) throw invalidParameter(`Missing required parameter ${name}`);
    return value;
  };
  return { flow, clientId, parameter };
}

/**
 * REFRESH_TOKEN_AUTH (and its older name REFRESH_TOKEN) of InitiateAuth and AdminInitiateAuth:
 * new access and id tokens, the refresh token kept. With refresh token rotation on it is refused,
 * as Cognito refuses it in an app client with rotation: it would renew a session without ever
 * retiring its refresh token, which rotation exists to do. GetTokensFromRefreshToken rotates.
 */
export async function refreshTokenAuth(
  service: IdentityService,
  client: ClientInfo,
  { flow, clientId, parameter }: AuthRequest,
): Promise<SignInAnswer> {
  if (service.config.refreshTokenRotation.enabled) {
    // Cognito's documentation says only that this flow cannot be used with rotation, and its
    // exact message could not be found: this one has the form of its answer for a flow the
    // client does not allow (DescribeUserPoolClient lists no ALLOW_REFRESH_TOKEN_AUTH then),
    // and names the operation to use instead.
    throw invalidParameter(
      `${flow} flow not enabled for this client: refresh token rotation is on, so refresh with GetTokensFromRefreshToken.`,
    );
  }
  const refresh = () => refreshSession(service, parameter('REFRESH_TOKEN'), clientId);
  return { ChallengeParameters: {}, AuthenticationResult: await reportSignIn(service, client, 'refresh', null, refresh) };
}

/** Throws Cognito's lockout answer while the user (or, for a name no user has, the name) is locked. */
export async function checkNotLocked(
  service: IdentityService,
  login: string,
  user: UserRow | undefined,
  now: number,
): Promise<void> {
  const locked = user
    ? user.locked_until !== null && user.locked_until.getTime() > now
    : await unknownUserLimits(service).isLocked(login, now);
  if (locked) throw passwordAttemptsExceeded();
}

/**
 * Counts a failed sign-in atomically (parallel guesses each count) and sets the lock the
 * new count calls for.
 */
export async function recordFailure(service: IdentityService, userSub: string, now: number): Promise<void> {
  const { failed_sign_ins: failures } = await service.db
    .updateTable('identity_users')
    .set({
      failed_sign_ins: nextFailureCount('identity_users', now),
      last_failed_sign_in_at: new Date(now),
    })
    .where('sub', '=', userSub)
    .returning('failed_sign_ins')
    .executeTakeFirstOrThrow();
  const lock = lengthenedLock('identity_users', failures, now);
  if (lock) await service.db.updateTable('identity_users').set({ locked_until: lock }).where('sub', '=', userSub).execute();
}

/**
 * The password step of a sign-in, shared by InitiateAuth's USER_PASSWORD_AUTH, AdminInitiateAuth's
 * ADMIN_USER_PASSWORD_AUTH and the pool's sign-in page: lockout (the check waits its turn in
 * the holder's budget, withPasswordCheck), one hash whether or not the user exists, the failure
 * counted. Returns the user whose password matched; a user from before SRP gets their verifier
 * now that the password is known.
 */
export async function verifyPassword(service: IdentityService, login: string, password: string): Promise<UserRow> {
  await limitPerUser(service, login);
  const user = await findUser(service.db, login);
  const matched = await withPasswordCheck(service, user ? { sub: user.sub } : { login }, passwordAttemptsExceeded, async () => {
    // Unknown users cost one hash too, so the answer's timing says nothing about who exists.
    const matches = await service.passwords.verify(user?.password_hash ?? null, password);
    // The lock a failure earns runs from its answer, not from the start of its check.
    const now = service.clock.now();
    if (user === undefined) {
      // An unknown name locks like an account would, so the lockout reveals nothing.
      await unknownUserLimits(service).recordFailure(login, now);
      throw incorrectCredentials();
    }
    if (!matches) {
      await recordFailure(service, user.sub, now);
      throw incorrectCredentials();
    }
    return user;
  });
  if (matched.srp_verifier === null) {
    await service.db
      .updateTable('identity_users')
      .set(verifierColumns(service.srp, matched.username, password))
      .where('sub', '=', matched.sub)
      .execute();
  }
  return matched;
}

/** A sign-in with a password: its check, then as finishSignIn. */
export async function signInWithPassword(
  service: IdentityService,
  login: string,
  password: string,
  clientId: string,
): Promise<SignInAnswer> {
  return finishSignIn(service, await verifyPassword(service, login, password), clientId);
}

/**
 * After the password (or its SRP proof) matched: Cognito's status checks in its order, then
 * the failure count cleared. A user whose password an operator set (FORCE_CHANGE_PASSWORD) passes,
 * unless that temporary password has expired: the caller asks them for a new one.
 */
export async function admitUser(service: IdentityService, user: UserRow): Promise<void> {
  if (!user.enabled) throw userDisabled();
  if (user.status === 'UNCONFIRMED') throw userNotConfirmed();
  if (user.status === 'RESET_REQUIRED') throw passwordResetRequired();
  const temporaryUntil = user.temporary_password_expires_at;
  if (user.status === 'FORCE_CHANGE_PASSWORD' && temporaryUntil !== null && temporaryUntil.getTime() <= service.clock.now()) {
    throw notAuthorized('Temporary password has expired and must be reset by an administrator.');
  }
  // Asked of the row as it is now, not of `user`, read before the check waited its turn: other
  // devices' checks may have counted failures since, which this sign-in clears too.
  await service.db
    .updateTable('identity_users')
    .set({ failed_sign_ins: 0, last_failed_sign_in_at: null, locked_until: null })
    .where('sub', '=', user.sub)
    .where((eb) => eb.or([eb('failed_sign_ins', '>', 0), eb('locked_until', 'is not', null)]))
    .execute();
}

/** admitUser, then tokens, or NEW_PASSWORD_REQUIRED for a user whose password an operator set. */
export async function finishSignIn(
  service: IdentityService,
  user: UserRow,
  clientId: string,
  sessionId?: string,
): Promise<SignInAnswer> {
  await admitUser(service, user);
  if (user.status === 'FORCE_CHANGE_PASSWORD') return newPasswordChallenge(service, user, clientId);
  return { ChallengeParameters: {}, AuthenticationResult: await startSession(service, user, clientId, { sessionId }) };
}
