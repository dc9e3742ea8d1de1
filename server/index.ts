import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, PROJECT_ROOT } from './config/config.ts';

/** How long in-flight requests get to finish after SIGTERM before the process exits anyway. */
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
const app = await stopOnConfigError(() => buildApp(config));
await app.listen({ port: config.port, host: config.host });

// Stop accepting connections, let in-flight requests finish, then close the database.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
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
  });
}
