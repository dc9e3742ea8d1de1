import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Clock } from './clock.ts';
import type { AccessKeyPair, IdentityConfig } from './config.ts';
import { tooManyRequests } from './errors.ts';
import type { PasswordHasher } from './passwords.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { ReadCache } from './read-cache.ts';
import type { SigningKeys } from './tokens.ts';
import type { UserRow } from './users.ts';

/** A session row joined with its user, as the hot paths read it. */
export interface SessionWithUser {
  user: UserRow;
  session: { id: string; client_id: string; auth_time: Date; expires_at: Date; revoked_at: Date | null } | null;
}

/** Everything an operation needs, built once when the service is mounted. */
export interface IdentityService {
  config: IdentityConfig;
  db: Kysely<Schema>;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
  keys: SigningKeys;
  passwords: PasswordHasher;
  limiter: RateLimiter;
  adminKey: AccessKeyPair;
  /** Sessions with their users, by access-token origin or refresh-token hash; cleared by every write. */
  sessions: ReadCache<SessionWithUser>;
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
