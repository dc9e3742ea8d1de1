import type { FastifyRequest } from 'fastify';
import { loginProvider, type LoginProvider } from '../../src-shared/domain/accounts/user.ts';
import { CognitoError } from './errors.ts';
import { FederationRefused } from './errors.ts';
import type { ClientInfo, SecurityEvent, SecurityEventKind, TokenOrigin } from './security-event.ts';
import type { IdentityService } from './service.ts';
import { issuedClaims } from './tokens.ts';
import { findUser } from './users.ts';

/** The longest sign-in name kept with a failed sign-in. */
const MAX_LOGIN_LENGTH = 320;

/** Refusals that say nothing about the account: throttling and malformed calls are not sign-in attempts. */
const NOT_ATTEMPTS = new Set(['TooManyRequestsException', 'InvalidParameterException']);

export function clientOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/**
 * Reports one event. A recording failure is logged, never thrown: the sign-in or change
 * it describes has already happened.
 */
async function report(service: IdentityService, event: SecurityEvent): Promise<void> {
  try {
    await service.reportSecurityEvent(event);
  } catch (error) {
    service.log.error({ err: error, kind: event.kind }, 'recording a security event failed');
  }
}

/**
 * Runs a sign-in (or refresh) and reports it: the issued tokens' user and session on
 * success; on a refusal of a named login, who it was (when the name has an account) and why.
 * A step that gave no tokens yet (a challenge such as NEW_PASSWORD_REQUIRED) is not a sign-in.
 * The method is the one given (a hosted sign-in knows it), else password for the password
 * flow, else the one the token's identities claim names.
 */
export async function reportSignIn<Tokens extends { IdToken?: string }>(
  service: IdentityService,
  client: ClientInfo,
  flow: 'password' | 'hosted' | 'refresh',
  login: string | null,
  signIn: () => Promise<Tokens>,
  method?: LoginProvider,
): Promise<Tokens> {
  let tokens: Tokens;
  try {
    tokens = await signIn();
  } catch (error) {
    if (login !== null && error instanceof CognitoError && !NOT_ATTEMPTS.has(error.type)) {
      const user = await findUser(service.db, login);
      await report(service, {
        kind: 'sign-in.failed',
        user: user ? { sub: user.sub, email: user.email } : null,
        login: login.slice(0, MAX_LOGIN_LENGTH),
        flow,
        reason: { type: error.type, message: error.message.slice(0, 200) },
        client,
      });
    }
    throw error;
  }
  if (tokens.IdToken === undefined) return tokens;
  const claims = issuedClaims<IssuedIdClaims>(tokens.IdToken);
  await report(service, {
    kind: flow === 'refresh' ? 'refresh' : 'sign-in',
    user: { sub: claims.sub, email: claims.email },
    method: method ?? (flow === 'password' ? 'password' : loginProvider(claims)),
    flow,
    token: { origin_jti: claims.origin_jti, event_id: claims.event_id },
    client,
  });
  return tokens;
}

/** reportSignIn for an answer that is tokens or the next challenge (InitiateAuth, RespondToAuthChallenge). */
export async function reportSignInAnswer<Answer extends { AuthenticationResult?: { IdToken?: string } }>(
  service: IdentityService,
  client: ClientInfo,
  login: string | null,
  signIn: () => Promise<Answer>,
): Promise<Answer> {
  let answer: Answer | undefined;
  await reportSignIn(service, client, 'password', login, async () => {
    answer = await signIn();
    return answer.AuthenticationResult ?? {};
  });
  if (answer === undefined) throw new Error('unreachable: the sign-in neither answered nor threw');
  return answer;
}

/**
 * Reports a hosted sign-in the service refused after the provider answered: federation
 * refused, the provider's answer unusable, or the account disabled.
 */
export function reportHostedRefusal(
  service: IdentityService,
  client: ClientInfo,
  provider: 'Google' | 'AzureAD',
  user: { sub: string; email: string } | null,
  refusal: unknown,
): Promise<void> {
  // Our own refusals say why; anything else went wrong upstream, in words not for the log.
  const why =
    typeof refusal === 'string' ? refusal : refusal instanceof FederationRefused ? refusal.message : `${provider} sign-in failed`;
  return report(service, {
    kind: 'sign-in.failed',
    user: user ? { sub: user.sub, email: user.email } : null,
    method: provider === 'Google' ? 'google' : 'microsoft',
    flow: 'hosted',
    reason: { type: 'HostedSignInRefused', message: why.slice(0, 200) },
    client,
  });
}

/** Reports a change a signed-in user made (or a reset code made) to their account. */
export function reportAccountEvent(
  service: IdentityService,
  client: ClientInfo,
  kind: Exclude<SecurityEventKind, 'sign-in' | 'sign-in.failed' | 'refresh'>,
  user: { sub: string; email: string },
  extra: { token?: TokenOrigin; changes?: SecurityEvent['changes'] } = {},
): Promise<void> {
  const token = extra.token ? { origin_jti: extra.token.origin_jti, event_id: extra.token.event_id } : undefined;
  return report(service, {
    kind,
    user: { sub: user.sub, email: user.email },
    client,
    ...(token ? { token } : {}),
    ...(extra.changes ? { changes: extra.changes } : {}),
  });
}

/** `{attribute: {old, new}}` for each attribute whose value differs from the user's (`null`: removed). */
export function attributeChanges(
  user: Readonly<Record<string, unknown>>,
  proposed: Readonly<Record<string, string | null | undefined>>,
): Record<string, { old: string | null; new: string | null }> {
  const changes: Record<string, { old: string | null; new: string | null }> = {};
  for (const [name, value] of Object.entries(proposed)) {
    if (value === undefined) continue;
    const old = typeof user[name] === 'string' ? user[name] : null;
    if (old !== value) changes[name] = { old, new: value };
  }
  return changes;
}

interface IssuedIdClaims {
  sub: string;
  email: string;
  origin_jti: string;
  event_id: string;
  identities?: { providerName?: string }[];
}
