import type { SignInAnswer } from '../challenges.ts';
import { incorrectCredentials, invalidParameter, passwordAttemptsExceeded } from '../errors.ts';
import { withPasswordCheck } from '../password-checks.ts';
import { limitPerUser, type IdentityService } from '../service.ts';
import { checkNotLocked, finishSignIn, recordFailure } from '../sign-in.ts';
import { unknownUserLimits } from '../unknown-user-limits.ts';
import { findUser, isUniqueViolation } from '../users.ts';
import {
  isClientTimestamp,
  openSecretBlock,
  readClientPublic,
  SECRET_BLOCK_MS,
  signatureMatches,
  startExchange,
} from './exchange.ts';
import { decoySalt, decoyUserId, readVerifier } from './verifier.ts';

/**
 * USER_SRP_AUTH's first step: the PASSWORD_VERIFIER challenge. A name no user has, or a user
 * with no verifier yet, gets a decoy exchange that costs the same and fails at the answer, so
 * neither the answer nor its timing says who exists.
 */
export async function startSrpSignIn(
  service: IdentityService,
  login: string,
  srpA: string,
  clientId: string,
): Promise<SignInAnswer> {
  await limitPerUser(service, login);
  const clientPublic = readClientPublic(srpA);
  if (clientPublic === undefined) throw invalidParameter('Invalid SRP_A: it must be a hexadecimal number that is not 0 mod N');
  const user = await findUser(service.db, login);
  const now = service.clock.now();
  await checkNotLocked(service, login, user, now);
  const stored = user ? readVerifier(service.srp, user) : undefined;
  const username = user?.username ?? (login.includes('@') ? decoyUserId(service.srp, login) : login);
  const salt = stored?.salt ?? decoySalt(service.srp, login);
  const { srpB, secretBlock } = startExchange(service.srp, stored?.verifier ?? service.srp.decoyVerifier, clientPublic, {
    username,
    login,
    clientId,
    salt: stored ? salt : '',
    expiresAt: now + SECRET_BLOCK_MS,
  });
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeParameters: { SALT: salt, SRP_B: srpB, SECRET_BLOCK: secretBlock, USER_ID_FOR_SRP: username, USERNAME: username },
  };
}

const required = (responses: Record<string, string>, name: string) => {
  const value = responses[name];
  if (!value) throw invalidParameter(`Missing required parameter ${name}`);
  return value;
};

/**
 * USER_SRP_AUTH's second step: checks PASSWORD_CLAIM_SIGNATURE, then answers as a password
 * sign-in does (same lockout, same errors in the same order), with tokens or the next challenge.
 */
export async function answerPasswordVerifier(
  service: IdentityService,
  responses: Record<string, string>,
  clientId: string,
): Promise<SignInAnswer> {
  const username = required(responses, 'USERNAME');
  const secretBlock = required(responses, 'PASSWORD_CLAIM_SECRET_BLOCK');
  const signature = required(responses, 'PASSWORD_CLAIM_SIGNATURE');
  const timestamp = required(responses, 'TIMESTAMP');
  const now = service.clock.now();
  const block = openSecretBlock(service.srp, secretBlock);
  if (block === undefined || block.clientId !== clientId || block.expiresAt <= now) throw incorrectCredentials();
  if (username !== block.username && username !== block.login) throw incorrectCredentials();
  if (!isClientTimestamp(timestamp)) throw invalidParameter('TIMESTAMP must be in the form "ddd MMM D HH:mm:ss UTC YYYY"');
  await limitPerUser(service, block.login);
  const user = await findUser(service.db, block.username);
  const holder = user ? { sub: user.sub } : { login: block.login };
  const proven = await withPasswordCheck(service, holder, passwordAttemptsExceeded, async () => {
    const matches = signatureMatches(service.srp, block, { secretBlock, timestamp, signature });
    if (user === undefined) {
      await unknownUserLimits(service).recordFailure(block.login, service.clock.now());
      throw incorrectCredentials();
    }
    // No verifier yet (a user from before SRP): nothing was proven, nothing is counted.
    if (block.salt === '' || user.srp_salt !== block.salt) throw incorrectCredentials();
    if (!matches) {
      await recordFailure(service, user.sub, service.clock.now());
      throw incorrectCredentials();
    }
    return user;
  });
  // Single use on every instance: the block names the session it starts, so a replay of a
  // right answer collides with that session's primary key.
  return finishSignIn(service, proven, clientId, block.sessionId).catch((error: unknown) => {
    throw isUniqueViolation(error) ? incorrectCredentials() : error;
  });
}
