import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, PROJECT_ROOT } from './config/config.ts';

/**
 * After SIGTERM, how long the server goes on serving before it stops accepting: a request
 * already on its way when the signal came (a load balancer's, a keep-alive client's on the
 * connection it holds) is served rather than reset. Each answer meanwhile closes its
 * connection, so that no client sends another request on it.
 */
const SHUTDOWN_DRAIN_MS = 1000;
/** How long in-flight requests then get to finish before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

// Values already in the environment win over the .env file.
const envFile = path.join(PROJECT_ROOT, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

/**
 * Runs a start-up step; a ConfigError (a setting that is wrong, or names a service that does
 * not answer) ends the start with its list of problems, without a stack trace.
 */
async function stopOnConfigError<T>(step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const config = await stopOnConfigError(() => loadConfig());
// The app (Fastify, the identity service, every feature) is loaded only once the settings are
// right: a start refused for a setting says so without loading it first (from source through
// tsx, 1.1 to 1.4 s of CPU instead of 3.3 to 4.0 s).
const { buildApp } = await import('./app.ts');
const app = await stopOnConfigError(() => buildApp(config));
await app.listen({ port: config.port, host: config.host });

// Drain, stop accepting connections, let in-flight requests finish, then close the database.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_DRAIN_MS + SHUTDOWN_GRACE_MS).unref();
    // First among the listeners, so the answer's own headers (written at once by the fast lane) include it.
    app.server.prependListener('request', (_request, response) => response.setHeader('connection', 'close'));
    setTimeout(() => {
      // Keep-alive connections become idle once their last response is sent; close them
      // then, so a finished client does not hold the shutdown open.
      setInterval(() => app.server.closeIdleConnections(), 100).unref();
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    }, SHUTDOWN_DRAIN_MS);
  });
}
