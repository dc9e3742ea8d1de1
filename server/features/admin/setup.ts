import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import type { AdminConfig } from './config.ts';
import type { AdminGuard } from './guard.ts';
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
    config: AdminConfig;
    /**
     * The user pool's admin client, made on first use: the embedded pool's endpoint is only
     * known once the server listens. Undefined when no pool is configured.
     */
    userPool: (() => Promise<UserPool>) | undefined;
    announcePassword?: (password: string) => void;
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
    leads: deps.config.supabase ? supabaseLeadsSource(deps.config.supabase) : databaseLeadsSource(deps.db),
    users: deps.userPool ? lazyUserDirectory(deps.userPool) : undefined,
  });
}
