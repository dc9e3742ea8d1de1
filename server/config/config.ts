import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EnvReader } from './env-reader.ts';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The repository root, found from this file so the server works from any working directory. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface DatabaseConfig {
  /** PostgreSQL connection string; when absent the embedded PGlite in `dataDir` is used. */
  url: string | undefined;
  dataDir: string;
}

export interface AppConfig {
  port: number;
  host: string;
  logLevel: LogLevel;
  /** The site's public origin, without a trailing slash: canonical URLs, issuers, redirects. */
  publicUrl: string;
  /** True when the public origin is https, which turns on HSTS. */
  secure: boolean;
  database: DatabaseConfig;
  /** Where the built web app lives; the server serves it when present. */
  webDistDir: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`The configuration has ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Builds the server's configuration from environment variables (documented in .env.example).
 * Throws a ConfigError listing every problem found.
 */
export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env): AppConfig {
  const read = new EnvReader(env);
  const port = read.integer('PORT', 3000, { min: 0, max: 65535 });
  const host = read.string('HOST', 'localhost');
  const logLevel = read.oneOf('LOG_LEVEL', LOG_LEVELS, 'info');
  const dataDir = path.resolve(PROJECT_ROOT, read.string('DATA_DIR', './data'));
  const databaseUrl = read.url('DATABASE_URL', ['postgres', 'postgresql']);
  const publicUrl = read.url('PUBLIC_URL', ['http', 'https']);
  if (publicUrl && (publicUrl.pathname !== '/' || publicUrl.search || publicUrl.hash)) {
    read.problems.push(
      `PUBLIC_URL must be an origin such as https://hireassist.example, without a path (got "${publicUrl.href}")`,
    );
  }
  if (read.problems.length > 0) throw new ConfigError(read.problems);

  const webDistDir = path.resolve(PROJECT_ROOT, read.string('WEB_DIST_DIR', 'dist/web'));
  const origin = publicUrl?.origin ?? `http://localhost:${port}`;
  return {
    port,
    host,
    logLevel,
    publicUrl: origin,
    secure: origin.startsWith('https:'),
    database: { url: databaseUrl?.href, dataDir },
    webDistDir,
  };
}
