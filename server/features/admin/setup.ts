import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import type { RowReader } from '../../db/database.ts';
import type { RateLimitStore } from '../../http/rate-limit/store.ts';
import type { AdminConfig } from './config.ts';
import type { AdminGuard } from './guard.ts';
import { openKnownDevices } from './known-device.ts';
import { databaseLeadsSource, supabaseLeadsSource } from './leads-source.ts';
import { announceGeneratedPassword, prepareAdminPassword } from './password.ts';
import { registerAdminRoutes } from './routes.ts';
import { lazyUserDirectory, type UserPool } from './user-directory.ts';

/**
 * Everything the admin area needs, from the configuration: the password, where leads come
 * from, the user pool. Returns the admin check for other features' admin tools.
 */
export async function setupAdmin(
  app: FastifyInstance,
  deps: {
    db: Kysely<Schema>;
    /** The database's reader for many rows (PostgreSQL), for the leads export. */
    readRows?: RowReader | undefined;
    config: AdminConfig;
    /** Where refused login attempts are counted: the rate-limit store, shared by every instance. */
    rateLimitStore: RateLimitStore;
    /** PUBLIC_URL is https: the known-device cookie is then sent over https only. */
    secureCookies: boolean;
    /**
     * The user pool's admin client, made on first use: the embedded pool's endpoint is only
     * known once the server listens. Undefined when no pool is configured.
     */
    userPool: (() => Promise<UserPool>) | undefined;
    announcePassword?: (password: string) => void;
    /** False when mail stays in the outbox (no SMTP, no EmailJS). */
    mailDeliveryConfigured?: boolean;
  },
): Promise<AdminGuard> {
  const password = await prepareAdminPassword({
    db: deps.db,
    configured: deps.config.password,
    announce: deps.announcePassword ?? announceGeneratedPassword,
  });
  return registerAdminRoutes(app, {
    db: deps.db,
    password,
    devices: await openKnownDevices(deps.db, { secure: deps.secureCookies }),
    rateLimitStore: deps.rateLimitStore,
    leads: deps.config.supabase ? await supabaseLeadsSource(deps.config.supabase) : databaseLeadsSource(deps.db, deps.readRows),
    users: deps.userPool ? lazyUserDirectory(deps.userPool) : undefined,
    userPool: deps.userPool,
    mailDeliveryConfigured: deps.mailDeliveryConfigured ?? false,
  });
}
