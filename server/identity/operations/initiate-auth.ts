import type { InitiateAuthResponse } from '@aws-sdk/client-cognito-identity-provider';
import {
  incorrectCredentials,
  invalidParameter,
  notAuthorized,
  passwordResetRequired,
  userDisabled,
  userNotConfirmed,
} from '../errors.ts';
import { requiredString, stringMap } from '../fields.ts';
import { lockAfterFailure, MAX_LOCK_MS } from '../lockout.ts';
import { limitPerUser, type IdentityService } from '../service.ts';
import { refreshSession, startSession } from '../sessions.ts';
import { unknownUserLimits } from '../unknown-user-limits.ts';
import { findUser } from '../users.ts';
import { requireClientId, type Operation } from './operation.ts';

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

/** InitiateAuth with USER_PASSWORD_AUTH or a refresh token; other flows are not enabled for our client. */
export const initiateAuth: Operation = {
  readOnly: true,
  signed: false,
  async run(input, { service }): Promise<InitiateAuthResponse> {
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
    switch (flow) {
      case 'USER_PASSWORD_AUTH': {
        const result = await signInWithPassword(service, parameter('USERNAME'), parameter('PASSWORD'), clientId);
        return { ChallengeParameters: {}, AuthenticationResult: result };
      }
      case 'REFRESH_TOKEN_AUTH':
      case 'REFRESH_TOKEN': {
        const result = await refreshSession(service, parameter('REFRESH_TOKEN'), clientId);
        return { ChallengeParameters: {}, AuthenticationResult: result };
      }
      default:
        throw invalidParameter(`${flow} flow not enabled for this client`);
    }
  },
};

/**
 * Counts a failed sign-in atomically (parallel guesses each count) and sets the lock the
 * new count calls for.
 */
async function recordFailure(service: IdentityService, userSub: string, now: number): Promise<void> {
  const quietSince = new Date(now - MAX_LOCK_MS);
  const { failed_sign_ins: failures } = await service.db
    .updateTable('identity_users')
    .set((eb) => ({
      failed_sign_ins: eb
        .case()
        .when('last_failed_sign_in_at', 'is', null)
        .then(1)
        .when('last_failed_sign_in_at', '<=', quietSince)
        .then(1)
        .else(eb('failed_sign_ins', '+', 1))
        .end(),
      last_failed_sign_in_at: new Date(now),
    }))
    .where('sub', '=', userSub)
    .returning('failed_sign_ins')
    .executeTakeFirstOrThrow();
  await service.db
    .updateTable('identity_users')
    .set({ locked_until: lockAfterFailure(failures, now) })
    .where('sub', '=', userSub)
    .execute();
}

async function signInWithPassword(service: IdentityService, login: string, password: string, clientId: string) {
  await limitPerUser(service, login);
  const user = await findUser(service.db, login);
  const now = service.clock.now();
  const locked = user
    ? user.locked_until !== null && user.locked_until.getTime() > now
    : unknownUserLimits(service).isLocked(login, now);
  if (locked) throw notAuthorized('Password attempts exceeded');
  // Unknown users cost one hash too, so the answer's timing says nothing about who exists.
  const matches = await service.passwords.verify(user?.password_hash ?? null, password);
  if (user === undefined) {
    // An unknown name locks like an account would, so the lockout reveals nothing.
    unknownUserLimits(service).recordFailure(login, now);
    throw incorrectCredentials();
  }
  if (!matches) {
    await recordFailure(service, user.sub, now);
    throw incorrectCredentials();
  }
  if (!user.enabled) throw userDisabled();
  if (user.status === 'UNCONFIRMED') throw userNotConfirmed();
  if (user.status === 'RESET_REQUIRED') throw passwordResetRequired();
  if (user.failed_sign_ins > 0 || user.locked_until !== null) {
    await service.db
      .updateTable('identity_users')
      .set({ failed_sign_ins: 0, last_failed_sign_in_at: null, locked_until: null })
      .where('sub', '=', user.sub)
      .execute();
  }
  return startSession(service, user, clientId);
}
