import { sql, type Kysely } from 'kysely';
import type { AdminLoginOutcome, Schema } from '../../db/schema.ts';

/**
 * Failed admin logins allowed in the last hour: per address, and from everywhere together
 * (the spec's ceiling, so a botnet cannot try more than 100 passwords an hour). The counts
 * live in the database, so every instance behind a load balancer shares them.
 */
export const ADMIN_LOGIN_LIMITS = { perIpPerHour: 10, globalPerHour: 100, windowMs: 60 * 60 * 1000 } as const;

export type LoginBlock = { scope: 'ip' | 'global'; retryAfterSeconds: number } | undefined;

export async function loginBlock(db: Kysely<Schema>, ip: string, now = new Date()): Promise<LoginBlock> {
  const since = new Date(now.getTime() - ADMIN_LOGIN_LIMITS.windowMs);
  const counts = await db
    .selectFrom('admin_login_attempts')
    .select([
      sql<number>`count(*)::integer`.as('global_failures'),
      sql<number>`(count(*) filter (where ip = ${ip}))::integer`.as('ip_failures'),
      sql<Date | null>`min(created_at) filter (where ip = ${ip})`.as('oldest_ip_failure'),
      sql<Date | null>`min(created_at)`.as('oldest_failure'),
    ])
    .where('outcome', '=', 'failed')
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  const retryAfter = (oldest: Date | null) =>
    Math.max(1, Math.ceil(((oldest?.getTime() ?? now.getTime()) + ADMIN_LOGIN_LIMITS.windowMs - now.getTime()) / 1000));
  if (counts.ip_failures >= ADMIN_LOGIN_LIMITS.perIpPerHour) {
    return { scope: 'ip', retryAfterSeconds: retryAfter(counts.oldest_ip_failure) };
  }
  if (counts.global_failures >= ADMIN_LOGIN_LIMITS.globalPerHour) {
    return { scope: 'global', retryAfterSeconds: retryAfter(counts.oldest_failure) };
  }
  return undefined;
}

export async function recordLoginAttempt(db: Kysely<Schema>, ip: string, outcome: AdminLoginOutcome): Promise<void> {
  await db.insertInto('admin_login_attempts').values({ ip, outcome }).execute();
}

export function loginBlockedMessage(block: NonNullable<LoginBlock>): string {
  const minutes = Math.ceil(block.retryAfterSeconds / 60);
  const wait = `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  return block.scope === 'ip'
    ? `Too many failed login attempts from your address. ${wait}`
    : `Too many failed admin login attempts. Admin login is paused for everyone. ${wait}`;
}
