import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { SendQuota } from '../mail/send-quota.ts';
import type { Clock } from './clock.ts';
import type { AccessKeyPair, IdentityConfig } from './config.ts';
import { tooManyRequests } from './errors.ts';
import type { PasswordClaims } from './password-claims.ts';
import type { PasswordHasher } from './passwords.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { ReadCache } from './read-cache.ts';
import type { Sealer } from './sealing.ts';
import type { SrpContext } from './srp/verifier.ts';
import type { ReportSecurityEvent } from './security-event.ts';
import type { SigningKeys } from './tokens.ts';
import type { UserRow } from './users.ts';

/** A session row joined with its user, as the hot paths read it. */
export interface SessionWithUser {
  user: UserRow;
  session: {
    id: string;
    client_id: string;
    auth_time: Date;
    expires_at: Date;
    revoked_at: Date | null;
    scope: string | null;
  } | null;
  /** For a refresh-token lookup: whether rotation issued the token, and when rotation retired it (null: not yet). */
  refreshToken?: { rotated: boolean; validUntil: Date | null };
}

/** Everything an operation needs, built once when the service is mounted. */
export interface IdentityService {
  config: IdentityConfig;
  /** The site's public origin (PUBLIC_URL), which mails link to. */
  publicUrl: string;
  db: Kysely<Schema>;
  mailer: Mailer;
  /** Asked before every code mail: per client address, recipient, domain and for the whole site. */
  mailQuota: SendQuota;
  clock: Clock;
  log: FastifyBaseLogger;
  keys: SigningKeys;
  passwords: PasswordHasher;
  /** The claims of the password checks in flight, counted by the sign-in lockout (password-checks.ts). */
  passwordClaims: PasswordClaims;
  limiter: RateLimiter;
  adminKey: AccessKeyPair;
  /** Sessions with their users, by access-token origin or refresh-token hash; cleared by every write. */
  sessions: ReadCache<SessionWithUser>;
  /** SRP sign-in (USER_SRP_AUTH): the pool's name, the sealers of verifiers and secret blocks. */
  srp: SrpContext;
  /** Seals the `Session` of a challenge such as NEW_PASSWORD_REQUIRED (no row needed, any instance opens it). */
  challengeSessions: Sealer;
  /** Seals the key a listing's next page starts after in its page token (paging.ts). */
  pageTokens: Sealer;
  /** Where sign-ins, refused sign-ins and account changes are reported (the audit log). */
  reportSecurityEvent: ReportSecurityEvent;
}

/** Throws TooManyRequestsException when one user (by sign-in name or sub) asks too often. */
export async function limitPerUser(service: IdentityService, user: string): Promise<void> {
  const allowed = await service.limiter.allow(
    `user:${user.toLowerCase()}`,
    service.config.rateLimits.perUserPerMinute,
    service.clock.now(),
  );
  if (!allowed) throw tooManyRequests();
}
