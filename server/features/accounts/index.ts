import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import type { AccessControl } from '../../http/route-access.ts';
import type { RateLimitStore } from '../../http/rate-limit/store.ts';
import { systemClock, type Clock } from '../../identity/clock.ts';
import type { IdentityConfig } from '../../identity/config.ts';
import { createIdTokenVerifier, type IdTokenVerifier } from '../../identity/index.ts';
import { registerCustomerAuditRoutes } from '../audit/routes.ts';
import type { AccountsConfig } from './config.ts';
import { INVALID_TOKEN, registerAccountsRoutes } from './routes.ts';

/**
 * Customer accounts on the server. The id token verifier is built on first use, once the
 * identity service has its signing key in place.
 */
export function registerAccounts(
  app: FastifyInstance,
  deps: {
    db: Kysely<Schema>;
    config: AccountsConfig;
    identity: IdentityConfig;
    publicUrl: string;
    clock?: Clock | undefined;
    access: AccessControl;
    rateLimitStore: RateLimitStore;
  },
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
  registerAccountsRoutes(app, {
    db: deps.db,
    config: deps.config,
    verifyIdToken,
    publicUrl: deps.publicUrl,
    access: deps.access,
    clock: deps.clock ?? systemClock,
    embeddedPool: deps.identity.mode === 'embedded',
  });
  registerCustomerAuditRoutes(app, {
    db: deps.db,
    verifyIdToken,
    rateLimitStore: deps.rateLimitStore,
    serverSeesSignIns: deps.identity.mode === 'embedded',
    invalidTokenMessage: INVALID_TOKEN,
  });
}
