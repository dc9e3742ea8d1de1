import { createServer } from 'node:http';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import packageJson from '../package.json' with { type: 'json' };
import { ConfigError, type AppConfig } from './config/config.ts';
import { fastifyTrustProxy } from './config/trust-proxy.ts';
import { ServiceUnreachable } from './config/unreachable.ts';
import { openDatabase, type Database } from './db/database.ts';
import { accountsContentSources, publicAccountsConfig } from './features/accounts/config.ts';
import { registerAccounts } from './features/accounts/index.ts';
import { createAdminAccess } from './features/admin/guard.ts';
import { recordSecurityEvent } from './features/audit/record.ts';
import { setupAdmin } from './features/admin/setup.ts';
import { registerAffiliateRoutes } from './features/affiliates/routes.ts';
import { registerBlog } from './features/blog/index.ts';
import { blogContentSources } from './features/blog/config.ts';
import { registerContactRoutes } from './features/contact/routes.ts';
import { registerHealthRoutes } from './features/health/routes.ts';
import { marketingContentSources } from './features/marketing/config.ts';
import { registerPublicConfigRoutes } from './features/public-config/routes.ts';
import { registerSeoRoutes } from './features/seo/routes.ts';
import { answerFrameworkError, registerErrorPolicy } from './http/errors.ts';
import { registerBodyPolicy } from './http/body-policy.ts';
import { registerTextGuard } from './http/text-guard.ts';
import { registerPathParamDecoding } from './http/path-params.ts';
import { AccessLog, serializeRequest } from './http/access-log.ts';
import { logDestination } from './http/log-destination.ts';
import { registerAccessControl, type RouteTableEntry } from './http/route-access.ts';
import { systemClock, type Clock } from './identity/clock.ts';
import { publicIdentityConfig } from './identity/config.ts';
import { createIdentityAdminClient, registerIdentityService } from './identity/index.ts';
import { clientErrorAnswer, mergeContentSources, securityHeaders } from './http/security-headers.ts';
import { FastLane } from './http/fast-lane.ts';
import { registerWebApp } from './http/web-app/serve.ts';
import { sharedSchemaCompilers } from './http/schema-compilers.ts';
import { addSharedEmailFormat } from './http/email-format.ts';
import { databaseRateLimitStore } from './http/rate-limit/postgres-store.ts';
import { openRateLimitStore, type RateLimitStore } from './http/rate-limit/store.ts';
import { registerMailDelivery } from './mail/delivery.ts';
import type { Mailer } from './mail/mailer.ts';
import { createSendQuota } from './mail/send-quota.ts';
import { createRetentionSweeper } from './maintenance/retention-sweeper.ts';
import { IDENTITY_NAME_MAX_LENGTH } from '../src-shared/domain/admin.ts';
import { BLOG_PAGE_FILENAME_MAX_LENGTH } from '../src-shared/domain/blog-post.ts';
import type { PublicConfig } from '../src-shared/domain/public-config.ts';

export type App = FastifyInstance & { database: Database; mailer: Mailer; routeTable: readonly RouteTableEntry[] };

export interface BuildOptions {
  /** An already open database (tests pass one per file); otherwise one is opened from the config. */
  database?: Database;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** The identity service's clock; tests move it for expiry and lockout. */
  identityClock?: Clock;
}

/**
 * Opens the database and the rate-limit store side by side. One the configuration names that
 * does not answer (ServiceUnreachable) is a ConfigError naming its variable, where it points
 * and why, both together when both fail, as every other configuration problem. What did open
 * is closed again, but not a database the caller passed in: that one is the caller's to close.
 */
async function openServices(
  config: AppConfig,
  log: FastifyBaseLogger,
  given: Database | undefined,
): Promise<{ database: Database; rateLimitStore: RateLimitStore }> {
  const { url, dataDir, statementTimeoutMs } = config.database;
  const [database, store] = await Promise.allSettled([
    given ?? openDatabase(url ? { kind: 'postgres', url, statementTimeoutMs } : { kind: 'pglite', dataDir }),
    config.redisUrl === undefined ? undefined : openRateLimitStore(config.redisUrl, log),
  ]);
  if (database.status === 'fulfilled' && store.status === 'fulfilled') {
    return { database: database.value, rateLimitStore: store.value ?? databaseRateLimitStore(database.value, log) };
  }
  if (database.status === 'fulfilled' && given === undefined) await database.value.close();
  if (store.status === 'fulfilled') await store.value?.close();
  const outcomes: [PromiseSettledResult<unknown>, string][] = [
    [database, 'DATABASE_URL must name a PostgreSQL database this server can open'],
    [store, 'REDIS_URL must name a Redis server this server can reach'],
  ];
  const problems = outcomes.flatMap(([outcome, must]) => {
    if (outcome.status === 'fulfilled') return [];
    if (!(outcome.reason instanceof ServiceUnreachable)) throw outcome.reason;
    return [`${must} (${outcome.reason.message})`];
  });
  throw new ConfigError(problems);
}

/**
 * Builds the whole server exactly as production runs it; `server/index.ts` only adds
 * `listen`, and tests call this with their own config. The app owns the database and
 * closes it when the app closes.
 */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<App> {
  // Standard output: readable in a terminal, asynchronous JSON lines otherwise (log-destination.ts).
  const stdout = options.logStream ? undefined : await logDestination(process.stdout);
  const headers = securityHeaders({
    secure: config.secure,
    sources: mergeContentSources(
      marketingContentSources(config.marketing),
      blogContentSources(config.blog),
      accountsContentSources(config.accounts),
    ),
  });
  const fastLane = new FastLane(headers);
  const app = Fastify({
    // Fastify applies its server options (a 72 s keep-alive, longer than a load balancer's idle
    // timeout; request and connection timeouts) only to a server it makes, so ours applies them.
    serverFactory: (fastify, options) => {
      const server = createServer(fastLane.listener(fastify));
      // Fastify has filled in its defaults by now.
      const { keepAliveTimeout, requestTimeout, connectionTimeout } = options;
      if (typeof keepAliveTimeout === 'number') server.keepAliveTimeout = keepAliveTimeout;
      if (typeof requestTimeout === 'number') server.requestTimeout = requestTimeout;
      if (typeof connectionTimeout === 'number') server.setTimeout(connectionTimeout);
      return server;
    },
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: { req: serializeRequest },
      stream: options.logStream ?? stdout?.stream,
    },
    logController: new AccessLog(),
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    return503OnClosing: true,
    // Answers Fastify gives before any hook: the app's JSON errors, with the security headers.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: clientErrorAnswer(headers),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // The longest path parameters routes take: a blog page's file name (/blog/:file, the longest
    // slug and '.html') and a username or group name (/api/admin/users/:username). Below
    // Fastify's default of 100, longer ones matched no route and fell through to the catch-alls
    // (the API's 404, the app's page).
    routerOptions: { maxParamLength: Math.max(BLOG_PAGE_FILENAME_MAX_LENGTH, IDENTITY_NAME_MAX_LENGTH) },
    // Unknown fields are an error the client should hear about, not something to drop silently.
    // onCreate runs after Fastify's compiler has added ajv-formats.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true }, onCreate: addSharedEmailFormat },
    schemaController: { compilersFactory: sharedSchemaCompilers },
  }).withTypeProvider<TypeBoxTypeProvider>();
  // Every rate limiter counts here: in Redis (REDIS_URL) or else PostgreSQL, shared by all instances; in memory on PGlite.
  const { database, rateLimitStore } = await openServices(config, app.log, options.database);
  app.addHook('onClose', () => database.close());
  // onClose hooks run last-added first: the queued security events are written before the database closes.
  const securityEvents = recordSecurityEvent(database.db);
  app.addHook('onClose', () => securityEvents.flush());
  if (stdout) app.addHook('onClose', (_instance, done) => stdout.flush(done));
  app.addHook('onClose', () => rateLimitStore.close());
  const mailer = registerMailDelivery(app, database.db, config.mail, config.publicUrl);
  const mailQuota = createSendQuota(rateLimitStore, config.mail.quota, app.log);
  // Every instance sweeps old rows on a timer; two at once is safe (see the sweeper).
  const retentionClock = options.identityClock ?? systemClock;
  const retention = createRetentionSweeper({
    db: database.db,
    log: app.log,
    config: config.retention,
    now: () => retentionClock.now(),
  });
  app.addHook('onReady', async () => retention.start());
  app.addHook('preClose', () => retention.stop());

  registerErrorPolicy(app);
  registerBodyPolicy(app);
  registerPathParamDecoding(app);
  registerTextGuard(app);
  // Before any route, so every route below (plugins too) is recorded and guarded by its declared access.
  const accessControl = registerAccessControl(app, { '/api/admin/': 'admin' });
  accessControl.guard('admin', createAdminAccess(database.db).requireAdmin);
  // Fastify marks itself closing just before its preClose hooks: from then on the lane steps
  // aside, so requests on kept-alive connections meet Fastify's 503 (return503OnClosing).
  app.addHook('preClose', (done) => {
    fastLane.close();
    done();
  });
  registerHealthRoutes(app, fastLane, database, rateLimitStore);
  registerIdentityService(app, {
    identity: config.identity,
    publicUrl: config.publicUrl,
    db: database.db,
    databaseKind: database.kind,
    mailer,
    mailQuota,
    clock: options.identityClock,
    rateLimitStore,
    reportSecurityEvent: securityEvents,
  });
  registerAccounts(app, {
    db: database.db,
    config: config.accounts,
    identity: config.identity,
    publicUrl: config.publicUrl,
    clock: options.identityClock,
    access: accessControl,
    rateLimitStore,
  });
  registerContactRoutes(app, {
    db: database.db,
    mailer,
    config: config.contact,
    notifyTo: config.mail.contactNotifyTo,
    rateLimitStore,
  });
  const adminGuard = await setupAdmin(app, {
    db: database.db,
    readRows: database.readRows,
    config: config.admin,
    rateLimitStore,
    secureCookies: config.secure,
    userPool: () =>
      createIdentityAdminClient({ identity: config.identity, db: database.db, readRows: database.readRows, server: app.server }),
    mailDeliveryConfigured: config.mail.delivery.kind !== 'outbox-only',
  });
  registerAffiliateRoutes(app, { db: database.db, mailer, config: config.affiliates, rateLimitStore });
  const publicConfig: PublicConfig = {
    siteUrl: config.publicUrl,
    version: packageJson.version,
    marketing: config.marketing,
    accounts: publicAccountsConfig(config.accounts),
    identity: publicIdentityConfig(config.identity, config.publicUrl),
  };
  registerPublicConfigRoutes(app, fastLane, publicConfig);
  const blog = await registerBlog(app, { config: config.blog, db: database.db, siteUrl: config.publicUrl, adminGuard });
  registerSeoRoutes(app, {
    publicUrl: config.publicUrl,
    sitemapProviders: [blog.listPublishedPostUrls],
    listSignupPage: config.accounts.signupEmbedUrl !== undefined,
  });
  registerWebApp(app, config.webDistDir, { firstPaint: blog.firstPaint, publicConfig });

  return Object.assign(app, { database, mailer, routeTable: accessControl.table });
}
