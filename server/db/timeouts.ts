/**
 * How long one statement may run on PostgreSQL (DATABASE_STATEMENT_TIMEOUT_MS's default). A
 * statement waiting for a lock, or one that runs away, otherwise held its request and a pool
 * connection for ever; past this it is cancelled and the request answered 503 (errors.ts).
 * Every statement the product runs on a request takes milliseconds; the leads export's batches
 * of 2,000 rows some 15 ms each (bench/admin/export.ts, a million rows).
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;

/**
 * How long a new PostgreSQL connection may take, and at most how long a request waits for a
 * free one of the pool (pg's one `connectionTimeoutMillis` counts both). A host that drops
 * packets, or a proxy that takes the connection and never answers, otherwise held the start
 * (and, once running, every request that needed a new connection) for minutes or for ever.
 */
export const CONNECT_TIMEOUT_MS = 10_000;

/** pg-pool's error when no connection came free, or none could be made, in time. */
const POOL_TIMEOUTS = new Set(['timeout exceeded when trying to connect', 'Connection terminated due to connection timeout']);

/**
 * True for a failure that says the database is too slow or too busy right now, not that the
 * request or the code is wrong: a statement cancelled by statement_timeout (SQLSTATE 57014,
 * query_canceled; an operator's pg_cancel_backend too), or no pool connection in time. The
 * error policy answers these 503 with Retry-After, as a client can try again a moment later.
 */
export function isDatabaseBusy(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return ('code' in error && error.code === '57014') || POOL_TIMEOUTS.has(error.message);
}
