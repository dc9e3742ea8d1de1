import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readAdminConfig, type AdminConfig } from '../features/admin/config.ts';
import { readAffiliatesConfig, type AffiliatesConfig } from '../features/affiliates/config.ts';
import { readBlogConfig, type BlogConfig } from '../features/blog/config.ts';
import { readIdentityConfig, type IdentityConfig } from '../identity/config.ts';
import { readContactConfig, type ContactConfig } from '../features/contact/config.ts';
import { readMailConfig, type MailConfig } from '../mail/mail-config.ts';
import { readMarketingConfig, type MarketingConfig } from '../features/marketing/config.ts';
import { readAccountsConfig, type AccountsConfig } from '../features/accounts/config.ts';
import { readRetentionConfig, type RetentionConfig } from '../maintenance/config.ts';
import { EnvReader, quote } from './env-reader.ts';
import { readTrustProxy, type TrustProxy } from './trust-proxy.ts';
import { DEFAULT_STATEMENT_TIMEOUT_MS } from '../db/timeouts.ts';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The repository root, found from this file so the server works from any working directory. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface DatabaseConfig {
  /** PostgreSQL connection string; when absent the embedded PGlite in `dataDir` is used. */
  url: string | undefined;
  dataDir: string;
  /**
   * PostgreSQL only (DATABASE_STATEMENT_TIMEOUT_MS): how long one statement of a request may
   * run, and at most how long a request waits for a free connection; past it the request is
   * answered 503. Migrations are exempt.
   */
  statementTimeoutMs: number;
}

export interface AppConfig {
  port: number;
  host: string;
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (rate limits, audits):
   * false (none), a number of proxy hops, or the proxies' addresses/CIDR ranges. The client
   * is the right-most address that is not a trusted proxy.
   */
  trustProxy: TrustProxy;
  logLevel: LogLevel;
  /** The site's public origin, without a trailing slash: canonical URLs, issuers, redirects. */
  publicUrl: string;
  /** True when the public origin is https, which turns on HSTS. */
  secure: boolean;
  database: DatabaseConfig;
  /** Redis for the rate-limit counters, shared by several instances; absent: counted in memory. */
  redisUrl: string | undefined;
  /** Where the built web app lives; the server serves it when present. */
  webDistDir: string;
  /** How mail leaves the outbox (SMTP, EmailJS or nowhere), the sender and the contact recipient. */
  mail: MailConfig;
  contact: ContactConfig;
  /** The user pool: the embedded Cognito-compatible service, or AWS Cognito. */
  identity: IdentityConfig;
  /** The operator's password and where leads are read from. */
  admin: AdminConfig;
  affiliates: AffiliatesConfig;
  /** The blog's post source: the built-in store, or StoryChief. */
  blog: BlogConfig;
  /** The public site's intro video, job portal and Stripe pricing table. */
  marketing: MarketingConfig;
  /** Customer accounts' partner platform, PartnerStack, sign-up embed and customer portal. */
  accounts: AccountsConfig;
  /** How often old rows are swept, and how long unconfirmed sign-ups are kept. */
  retention: RetentionConfig;
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
  const trustProxy = readTrustProxy(read);
  const dataDir = path.resolve(PROJECT_ROOT, read.string('DATA_DIR', './data'));
  const databaseUrl = read.url('DATABASE_URL', ['postgres', 'postgresql']);
  const statementTimeoutMs = read.integer('DATABASE_STATEMENT_TIMEOUT_MS', DEFAULT_STATEMENT_TIMEOUT_MS, {
    min: 100,
    max: 3_600_000,
  });
  const redisUrl = read.url('REDIS_URL', ['redis', 'rediss']);
  const publicUrl = read.url('PUBLIC_URL', ['http', 'https']);
  if (publicUrl && (publicUrl.pathname !== '/' || publicUrl.search || publicUrl.hash)) {
    read.problems.push(
      `PUBLIC_URL must be an origin such as https://hireassist.example, without a path (got ${quote(publicUrl.href)})`,
    );
  }
  const identity = readIdentityConfig(read, publicUrl?.origin ?? `http://localhost:${port}`);
  const admin = readAdminConfig(read);
  const affiliates = readAffiliatesConfig(read);
  const blog = readBlogConfig(read);
  const mail = readMailConfig(read);
  const contact = readContactConfig(read);
  const marketing = readMarketingConfig(read);
  const accounts = readAccountsConfig(read);
  const retention = readRetentionConfig(read);
  if (read.problems.length > 0) throw new ConfigError(read.problems);

  const webDistDir = path.resolve(PROJECT_ROOT, read.string('WEB_DIST_DIR', 'dist/web'));
  const origin = publicUrl?.origin ?? `http://localhost:${port}`;
  return {
    port,
    host,
    trustProxy,
    logLevel,
    publicUrl: origin,
    secure: origin.startsWith('https:'),
    database: { url: databaseUrl?.href, dataDir, statementTimeoutMs },
    redisUrl: redisUrl?.href,
    webDistDir,
    mail,
    contact,
    identity,
    admin,
    affiliates,
    blog,
    marketing,
    accounts,
    retention,
  };
}
