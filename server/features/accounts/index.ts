import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import type { Clock } from '../../identity/clock.ts';
import type { IdentityConfig } from '../../identity/config.ts';
import { createIdTokenVerifier, type IdTokenVerifier } from '../../identity/index.ts';
import type { AccountsConfig } from './config.ts';
import { registerAccountsRoutes } from './routes.ts';

/**
 * Customer accounts on the server. The id token verifier is built on first use, once the
 * identity service has its signing key in place.
 */
export function registerAccounts(
  app: FastifyInstance,
  deps: { db: Kysely<Schema>; config: AccountsConfig; identity: IdentityConfig; publicUrl: string; clock?: Clock | undefined },
): void {
  let verifier: Promise<IdTokenVerifier> | undefined;
  const verifyIdToken = async (idToken: string) => {
    verifier ??= createIdTokenVerifier({
      identity: deps.identity,
      publicUrl: deps.publicUrl,
      db: deps.db,
      ...(deps.clock ? { clock: deps.clock } : {}),
    }).catch((error: unknown) => {
      verifier = undefined;
      throw error;
    });
    return (await verifier)(idToken);
  };
  registerAccountsRoutes(app, { db: deps.db, config: deps.config, verifyIdToken, publicUrl: deps.publicUrl });
}
