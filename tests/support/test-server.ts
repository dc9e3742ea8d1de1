import { buildApp, type App, type BuildOptions } from '../../server/app.ts';
import { loadConfig, type AppConfig } from '../../server/config/config.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { borrowPGlite } from './pglite-pool.ts';

export interface TestServer {
  app: App;
  /** Base URL of the listening server, such as http://127.0.0.1:40123. */
  url: string;
  config: AppConfig;
  /** Real HTTP request to the server; `path` starts with a slash. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/**
 * A fresh database for one test file: an embedded PGlite holding the migrated template's
 * rows (borrowed from the worker's pool, see pglite-pool.ts), or, with `postgres: true` and
 * TEST_DATABASE_URL set, a schema of its own on that PostgreSQL.
 */
export async function openTestDatabase(
  options: {
    postgres?: boolean;
    dataDir?: string;
    /** PostgreSQL only: DATABASE_STATEMENT_TIMEOUT_MS, and the pool's size (database.ts). */
    statementTimeoutMs?: number;
    maxConnections?: number;
  } = {},
): Promise<Database & { dispose(): Promise<void> }> {
  if (options.dataDir) {
    // The caller's directory, kept on close so a second server can open the same data (a restart).
    const database = await openDatabase({ kind: 'pglite', dataDir: options.dataDir });
    return { ...database, dispose: () => database.close() };
  }
  if (options.postgres) {
    const scratch = scratchSchema();
    const { statementTimeoutMs, maxConnections } = options;
    const database = await openDatabase({
      kind: 'postgres',
      url: scratch.url,
      schema: scratch.schema,
      ...(statementTimeoutMs === undefined ? {} : { statementTimeoutMs }),
      ...(maxConnections === undefined ? {} : { maxConnections }),
    });
    return {
      ...database,
      async dispose() {
        await database.close();
        await scratch.drop();
      },
    };
  }
  return borrowPGlite();
}

/**
 * A fresh schema name on the PostgreSQL at TEST_DATABASE_URL, so runs and files never meet,
 * and how to drop it (with everything in it) afterwards.
 */
export function scratchSchema(prefix = 'test'): { url: string; schema: string; drop(): Promise<void> } {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  return {
    url,
    schema,
    async drop() {
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}

/** Servers that share one database, as instances behind a load balancer. */
export interface Instances {
  apps: App[];
  /** Each instance's base URL, in the order of `apps`. */
  origins: string[];
  /** Closes every instance, then drops their schema. */
  close(): Promise<void>;
}

/**
 * `count` real servers on one fresh schema of the PostgreSQL at TEST_DATABASE_URL (no Redis:
 * what they share goes through the database), each on a free port; `identityClock`, when
 * given, is the identity service's clock on every instance, as they share real time.
 */
export async function startInstancesOnPostgres(
  count: number,
  env: Record<string, string> = {},
  { identityClock }: { identityClock?: BuildOptions['identityClock'] } = {},
): Promise<Instances> {
  const { url, schema, drop } = scratchSchema();
  const apps: App[] = [];
  const origins: string[] = [];
  const close = async () => {
    for (const app of apps) await app.close();
    await drop();
  };
  try {
    for (let i = 0; i < count; i++) {
      const config = loadConfig({ LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', ...env });
      const { statementTimeoutMs } = config.database;
      const database = await openDatabase({ kind: 'postgres', url, schema, statementTimeoutMs });
      const app = await buildApp(config, {
        database,
        ...(identityClock === undefined ? {} : { identityClock }),
      });
      apps.push(app);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('no address');
      origins.push(`http://127.0.0.1:${address.port}`);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { apps, origins, close };
}

/**
 * Starts the real server, exactly as production builds it, on a free port with a fresh
 * database. `env` is read like the process environment.
 */
export async function startTestServer(
  options: {
    env?: Record<string, string>;
    webDistDir?: string;
    postgres?: boolean;
    /** With `postgres`: the pool's size (a test fills it); 10 otherwise, as in production. */
    postgresConnections?: number;
    /**
     * A PGlite data directory the caller owns and removes: closing the server leaves it in
     * place, so a server started again on it is a restart of the first.
     */
    dataDir?: string;
    /**
     * The port to listen on, for a server that must name its own URL in its settings
     * (PUBLIC_URL: the identity service builds its issuer and redirects from it). Otherwise
     * any free port.
     */
    port?: number;
    /** Receives the server's log lines (set LOG_LEVEL in env to get any). */
    logStream?: NodeJS.WritableStream;
    /** Adds test-only routes before the server starts listening. */
    configure?: (app: App) => void;
    /** A movable clock for the identity service (expiry and lockout tests). */
    identityClock?: BuildOptions['identityClock'];
    /**
     * A local stand-in for StoryChief's API (needs STORYCHIEF_API_KEY in env). Set on the
     * config object, never through the environment: production has no such setting.
     */
    storyChiefBaseUrl?: string;
  } = {},
): Promise<TestServer> {
  const loaded = loadConfig({ LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', ...options.env });
  // Opened here rather than by the app, as production opens it: with its settings from `env`.
  const database = await openTestDatabase({
    postgres: options.postgres ?? false,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    statementTimeoutMs: loaded.database.statementTimeoutMs,
    ...(options.postgresConnections === undefined ? {} : { maxConnections: options.postgresConnections }),
  });
  const { storyChief } = loaded.blog;
  if (options.storyChiefBaseUrl && !storyChief) throw new Error('storyChiefBaseUrl needs STORYCHIEF_API_KEY in env');
  const config: AppConfig = {
    ...loaded,
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
    ...(options.storyChiefBaseUrl && storyChief
      ? { blog: { ...loaded.blog, storyChief: { ...storyChief, baseUrl: options.storyChiefBaseUrl } } }
      : {}),
  };
  let app: App | undefined;
  try {
    app = await buildApp(config, {
      database,
      identityClock: options.identityClock,
      ...(options.logStream ? { logStream: options.logStream } : {}),
    });
    options.configure?.(app);
    await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  } catch (error) {
    // A server meant not to start (a route without access, a port in use) leaves no database behind.
    await app?.close();
    await database.dispose();
    throw error;
  }
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    app,
    url,
    config,
    fetch: (requestPath, init) => fetch(`${url}${requestPath}`, init),
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}
