/** Network failures by Node's code, in words; a server's own refusals already read well. */
const NETWORK_FAILURES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'no such host',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
};

/**
 * A service the configuration names (PostgreSQL, Redis) did not answer at start, or would not
 * let this server in: a wrong address or password rather than a bug. The message says where
 * and why in a few words, such as 'database "x" on db:5432: connection refused', and never
 * holds the connection string (it may hold a password); server/app.ts names the variable.
 */
export class ServiceUnreachable extends Error {
  constructor(where: string, error: unknown) {
    const { code, message } = error instanceof Error ? (error as NodeJS.ErrnoException) : { code: undefined, message: '' };
    // A host with several addresses (localhost) fails with an AggregateError: a code, no message.
    const reason = (code !== undefined ? NETWORK_FAILURES[code] : undefined) ?? (message || code || String(error));
    super(`${where}: ${reason}`, { cause: error });
    this.name = 'ServiceUnreachable';
  }
}

/** Where a service's URL points, for a ServiceUnreachable: host and port, never the userinfo. */
export function hostAndPort(url: URL, defaultPort: number): string {
  return `${url.hostname || 'localhost'}:${url.port || defaultPort}`;
}
