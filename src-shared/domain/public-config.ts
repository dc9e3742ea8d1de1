/**
 * What `GET /api/config` tells the browser at start-up: public values only, so that one
 * web build serves every deployment. Each service adds its section when it is built.
 */
export interface PublicConfig {
  /** The site's public origin, for canonical links and redirects. */
  siteUrl: string;
  /** The running release; the web app compares it with its own to notice a new deployment. */
  version: string;
}

export interface HealthStatus {
  ok: boolean;
  db: 'pglite' | 'postgres';
}
