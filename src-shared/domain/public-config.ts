/**
 * What `GET /api/config` tells the browser at start-up: public values only, so that one
 * web build serves every deployment. Each service adds its section when it is built.
 */
export interface PublicConfig {
  /** The site's public origin, for canonical links and redirects. */
  siteUrl: string;
  /** The running release; the web app compares it with its own to notice a new deployment. */
  version: string;
  marketing: MarketingPublicConfig;
  accounts: AccountsPublicConfig;
  identity: IdentityPublicConfig;
}

/** The user pool the browser's Cognito SDK talks to: the embedded one at /cognito, or AWS Cognito. */
export interface IdentityPublicConfig {
  region: string;
  userPoolId: string;
  /** The app client id sent as ClientId (public, as in any Cognito web app). */
  clientId: string;
  /** The SDK's `endpoint`: `<siteUrl>/cognito` for the embedded pool; null means AWS's own. */
  endpoint: string | null;
  /** Base URL of hosted sign-in (`/oauth2/authorize`, `/oauth2/token`); null when there is none. */
  hostedDomain: string | null;
  /** The social sign-in providers configured, by Cognito's names. */
  socialProviders: ('Google' | 'AzureAD')[];
}

/** Customer accounts' third parties (server/features/accounts/config.ts reads them). */
export interface AccountsPublicConfig {
  /** The external application's sign-up form shown on /signup, or null. */
  signupEmbedUrl: string | null;
  /** PartnerStack's public key; null when referrals are not sent there. */
  partnerStackPublicKey: string | null;
  /** Stripe's customer portal for /subscription, or null. */
  customerPortalUrl: string | null;
  /** Whether 'Access Platform' has a partner platform to sign in to. */
  partnerPlatform: boolean;
}

/** The public site's third parties (server/features/marketing/config.ts reads them). */
export interface MarketingPublicConfig {
  /** An embeddable player URL for the home page's intro video, loaded only when the poster is clicked. */
  introVideoUrl: string;
  /** The external job portal shown in the Jobs page's iframe. */
  careersPortalUrl: string;
  /** Stripe's hosted pricing table, or null for the built-in plans table. */
  stripePricingTable: { pricingTableId: string; publishableKey: string } | null;
}

export interface HealthStatus {
  ok: boolean;
  db: 'pglite' | 'postgres';
  /**
   * With REDIS_URL only: whether the shared rate-limit counters answer ('down' while
   * `rateLimits.degraded`). A Redis outage keeps `ok` (each instance counts its limits alone
   * meanwhile), so it is reported here.
   */
  redis?: 'ok' | 'down';
  rateLimits: RateLimitStoreStatus;
}

/** Where an instance counts its rate limits and mail quotas, as it stands now (`GET /api/health`). */
export interface RateLimitStoreStatus {
  /** Redis with REDIS_URL, else DATABASE_URL's PostgreSQL, else this instance's memory (embedded PGlite: one instance). */
  store: 'redis' | 'postgres' | 'memory';
  /** Whether every instance counts together now: never in memory, and not while the shared store is degraded. */
  shared: boolean;
  /**
   * The shared store failed and has not answered since: this instance counts its limits in
   * its own memory meanwhile, so each limit holds per instance. Never so in memory.
   */
  degraded: boolean;
}

/**
 * The id of the element in which the server writes `GET /api/config`'s answer into every page
 * (server/http/web-app/page-html.ts), and from which the web app reads it at start.
 */
export const PUBLIC_CONFIG_ELEMENT_ID = 'public-config';
