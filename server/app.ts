import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import packageJson from '../package.json' with { type: 'json' };
import type { AppConfig } from './config/config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { registerHealthRoutes } from './features/health/routes.ts';
import { registerPublicConfigRoutes } from './features/public-config/routes.ts';
import { registerErrorPolicy } from './http/errors.ts';
import { NO_EXTRA_SOURCES, registerSecurityHeaders } from './http/security-headers.ts';
import { registerWebApp } from './http/web-app/serve.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';

export type App = FastifyInstance & { database: Database; mailer: Mailer };

export interface BuildOptions {
  /** An already open database (tests pass one per file); otherwise one is opened from the config. */
  database?: Database;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: NodeJS.WritableStream;
}

/**
 * Builds the whole server exactly as production runs it; `server/index.ts` only adds
 * `listen`, and tests call this with their own config. The app owns the database and
 * closes it when the app closes.
 */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<App> {
  const database =
    options.database ??
    (await openDatabase(
      config.database.url ? { kind: 'postgres', url: config.database.url } : { kind: 'pglite', dataDir: config.database.dataDir },
    ));

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    return503OnClosing: true,
    // Unknown fields are an error the client should hear about, not something to drop silently.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onClose', () => database.close());
  const mailer = createMailer({ db: database.db, log: app.log, deliveryConfigured: false });

  registerErrorPolicy(app);
  registerSecurityHeaders(app, { secure: config.secure, sources: NO_EXTRA_SOURCES });
  registerHealthRoutes(app, database);
  registerPublicConfigRoutes(app, { siteUrl: config.publicUrl, version: packageJson.version });
  registerWebApp(app, config.webDistDir);

  return Object.assign(app, { database, mailer });
}
