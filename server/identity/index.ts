import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../db/database.ts';
import type { Schema } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { SendQuota } from '../mail/send-quota.ts';
import { systemClock, type Clock } from './clock.ts';
import type { IdentityConfig } from './config.ts';
import { registerCognitoCors } from './cors.ts';
import { registerHostedSignIn } from './oauth2/routes.ts';
import { createPasswordClaims } from './password-claims.ts';
import { createPasswordHasher } from './passwords.ts';
import { registerProtocol } from './protocol.ts';
import type { RateLimitStore } from '../http/rate-limit/store.ts';
import { createRateLimiter } from './rate-limit.ts';
import { ReadCache } from './read-cache.ts';
import { createSealer } from './sealing.ts';
import { loadAdminKeyPair, loadSealingKey, loadSigningKeyPem } from './secrets.ts';
import type { ReportSecurityEvent } from './security-event.ts';
import type { IdentityService } from './service.ts';
import { createSrpContext } from './srp/verifier.ts';
import { createSigningKeys } from './tokens.ts';

export { createIdentityAdminClient } from './admin-client.ts';
export { createIdTokenVerifier, type IdTokenVerifier } from './id-token.ts';
export type { ReportSecurityEvent, SecurityEvent } from './security-event.ts';

export interface IdentityDependencies {
  identity: IdentityConfig;
  /** The site's public origin: the issuer is `<publicUrl>/cognito/<poolId>`. */
  publicUrl: string;
  db: Kysely<Schema>;
  /** PostgreSQL keeps the password checks' claims where every instance counts them; PGlite's one process, in memory. */
  databaseKind: DatabaseKind;
  mailer: Mailer;
  /** The site's mail quotas, asked before every code mail. */
  mailQuota: SendQuota;
  /** Tests pass a movable clock for expiry and lockout. */
  clock?: Clock | undefined;
  /** Where the per-address and per-user counters live: the server's rate-limit store, shared by its instances. */
  rateLimitStore: RateLimitStore;
  /** Records sign-ins, refused sign-ins and account changes where the application keeps them. */
  reportSecurityEvent: ReportSecurityEvent;
}

/**
 * How long a session read stays cached. Writes on this instance clear it at once; with
 * several instances, a revocation made on another one takes effect here within this time.
 */
const SESSION_CACHE_TTL_MS = 1000;

/** The issuer of the embedded pool's tokens. */
function embeddedIssuer(publicUrl: string, identity: IdentityConfig): string {
  return `${publicUrl}/cognito/${identity.userPoolId}`;
}

/**
 * Mounts the embedded Cognito-compatible service at /cognito: the AWS JSON protocol, the
 * pool's JWKS and discovery document, and hosted sign-in (oauth2). Does nothing when the
 * configuration points at AWS Cognito.
 */
export function registerIdentityService(app: FastifyInstance, deps: IdentityDependencies): void {
  if (deps.identity.mode !== 'embedded') return;
  app.register(
    async (scope) => {
      registerCognitoCors(scope);
      const issuer = embeddedIssuer(deps.publicUrl, deps.identity);
      const [stored, adminKey, passwords, sealingKey] = await Promise.all([
        loadSigningKeyPem(deps.db),
        loadAdminKeyPair(deps.db, deps.identity.adminCredentials),
        createPasswordHasher(),
        loadSealingKey(deps.db),
      ]);
      scope.addHook('onClose', () => passwords.close());
      const service: IdentityService = {
        config: deps.identity,
        publicUrl: deps.publicUrl,
        db: deps.db,
        mailer: deps.mailer,
        mailQuota: deps.mailQuota,
        clock: deps.clock ?? systemClock,
        log: scope.log,
        keys: createSigningKeys(stored, issuer),
        passwords,
        passwordClaims: createPasswordClaims(deps.databaseKind, deps.db),
        limiter: createRateLimiter(deps.rateLimitStore),
        adminKey,
        sessions: new ReadCache(SESSION_CACHE_TTL_MS, 50_000),
        srp: createSrpContext(sealingKey, deps.identity.userPoolId),
        challengeSessions: createSealer(sealingKey, 'challenge session'),
        pageTokens: createSealer(sealingKey, 'page token'),
        reportSecurityEvent: deps.reportSecurityEvent,
      };
      await scope.register(async (protocolScope) => registerProtocol(protocolScope, service));
      registerWellKnown(scope, service);
      await scope.register(async (oauthScope) => registerHostedSignIn(oauthScope, service, deps.publicUrl));
    },
    { prefix: '/cognito' },
  );
}

function registerWellKnown(scope: FastifyInstance, service: IdentityService): void {
  const base = `/${service.config.userPoolId}/.well-known`;
  const jwks = JSON.stringify(service.keys.jwks);
  const issuer = service.keys.issuer;
  const origin = issuer.slice(0, issuer.length - `/${service.config.userPoolId}`.length);
  const discovery = JSON.stringify({
    issuer,
    authorization_endpoint: `${origin}/oauth2/authorize`,
    token_endpoint: `${origin}/oauth2/token`,
    userinfo_endpoint: `${origin}/oauth2/userInfo`,
    revocation_endpoint: `${origin}/oauth2/revoke`,
    end_session_endpoint: `${origin}/logout`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    response_types_supported: ['code'],
    // Without it, OIDC Discovery's default would claim fragment too.
    response_modes_supported: ['query'],
    // The grants /oauth2/token serves; left out, the default would claim implicit too.
    grant_types_supported: ['authorization_code', 'refresh_token'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: ['openid', 'email', 'profile', 'phone'],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    code_challenge_methods_supported: ['S256'],
  });
  const json = (body: string) => (_request: unknown, reply: FastifyReply) =>
    reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  scope.get(`${base}/jwks.json`, { config: { access: 'public' } }, json(jwks));
  scope.get(`${base}/openid-configuration`, { config: { access: 'public' } }, json(discovery));
}
