import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import { hostAndPort, ServiceUnreachable } from '../config/unreachable.ts';
import { migrate, type Migration } from './migrator.ts';
import { migrations as productMigrations } from './migrations/index.ts';
import type { Schema } from './schema.ts';
import { CONNECT_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS } from './timeouts.ts';

/**
 * PGlite's Postgres buffer cache, inside its WebAssembly memory. Postgres' default (128MB)
 * grew that memory to 189 MB, resident for good (WebAssembly memory never shrinks); 32MB
 * holds the hot pages of a small install's tables, and the OS page cache the rest.
 */
const PGLITE_SHARED_BUFFERS = '32MB';

export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string }
  | {
      kind: 'postgres';
      url: string;
      /** `schema`, when given, is created if missing and used as the search path (tests use one per run). */
      schema?: string;
      /** How long one statement may run (timeouts.ts); DEFAULT_STATEMENT_TIMEOUT_MS when not given. */
      statementTimeoutMs?: number;
      /** The pool's size: 10 when not given (a test fills a smaller one). */
      maxConnections?: number;
    };

/**
 * Runs a compiled query and returns its rows through pg's own pool.query with a callback, not
 * Kysely's driver (pool.connect, then the client's promise API). Measured on the leads export
 * (bench/admin/export.ts, a million rows in batches of 2,000): through Kysely's driver about a
 * third of what every young-generation collection found was promoted to the old generation,
 * which grew by some 100 MB before a full collection; through pool.query almost nothing was
 * (`--trace-gc-nvp`), and the server's RSS grew by 10 to 15 MB.
 */
export type RowReader = <Row>(query: CompiledQuery) => Promise<Row[]>;

export interface Database {
  kind: DatabaseKind;
  db: Kysely<Schema>;
  /** PostgreSQL only: a reader for many rows in a row (RowReader). */
  readRows?: RowReader;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Opens the database, applies pending migrations, and returns it ready for queries. */
export async function openDatabase(
  target: DatabaseTarget,
  migrations: readonly Migration[] = productMigrations,
): Promise<Database> {
  const { db, readRows } =
    target.kind === 'pglite' ? { db: await openPGlite(target.dataDir), readRows: undefined } : await openPostgres(target);
  try {
    await migrate(db as Kysely<unknown>, migrations);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  let closed = false;
  return {
    kind: target.kind,
    db,
    ...(readRows ? { readRows } : {}),
    async ping() {
      if (closed) return false;
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

async function openPGlite(dataDir: string): Promise<Kysely<Schema>> {
  const dir = path.join(dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  // V8 otherwise compiles all of PGlite's 9 MB of WebAssembly up front, most of it never run:
  // about 80 MB more resident at idle (measured, bench/startup/idle-memory.ts). Lazily, a
  // function is compiled when first called, and hot ones still tier up to optimised code.
  // Only WebAssembly compiled from now on is affected, and the server compiles no other.
  setFlagsFromString('--wasm-lazy-compilation');
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await initialisePGlite(dir);
  // Imported here so a server on PostgreSQL never loads PGlite.
  const [{ PGlite }, { pg_trgm }, { PGliteDialect }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('./pglite-dialect.ts'),
  ]);
  const pglite = await PGlite.create(dir, {
    // pg_trgm: the admin lists' substring search is answered by trigram indexes (migration 10).
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  return new Kysely<Schema>({ dialect: new PGliteDialect(pglite) });
}

/**
 * Creates a new PGlite data directory (initdb) in a short-lived child process. initdb runs in a
 * second WebAssembly instance whose memory, once freed, stayed in this process's malloc arenas:
 * a server started on a fresh directory idled about 90 MB above one started on an existing
 * directory (bench/startup/idle-memory.ts). The child exits, and its memory with it.
 */
async function initialisePGlite(dir: string): Promise<void> {
  // The child resolves the package from the folder that holds this install's node_modules.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const root = entry.slice(0, entry.lastIndexOf(`${path.sep}node_modules${path.sep}`));
  const script = `const { PGlite } = await import('@electric-sql/pglite');
await (await PGlite.create(${JSON.stringify(dir)})).close();`;
  await promisify(execFile)(process.execPath, ['--wasm-lazy-compilation', '--input-type=module', '--eval', script], {
    cwd: root,
    // Electron's binary runs as plain node with this (the desktop console may start the server).
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    timeout: 120_000,
  });
}

/**
 * PGlite has no such limits: it runs in this process, one statement at a time, and PostgreSQL's
 * timeouts need the signals of a server process of its own. A slow statement there holds the
 * server (not only its request) until it ends.
 */
async function openPostgres(
  target: Extract<DatabaseTarget, { kind: 'postgres' }>,
): Promise<{ db: Kysely<Schema>; readRows: RowReader }> {
  const { url, schema } = target;
  const statementTimeoutMs = target.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  // A request waits for a free connection no longer than a statement may run.
  const connectTimeoutMs = Math.min(CONNECT_TIMEOUT_MS, statementTimeoutMs);
  // Imported here so a server on the embedded PGlite never loads the PostgreSQL client.
  const { default: pg } = await import('pg');
  if (schema !== undefined) {
    if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
    const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
    await admin.connect();
    try {
      // Serialised: two concurrent "create schema if not exists" can still collide in Postgres.
      await admin.query('begin');
      await admin.query('select pg_advisory_xact_lock(4818222)');
      await admin.query(`create schema if not exists ${schema}`);
      await admin.query('commit');
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: target.maxConnections ?? 10,
    connectionTimeoutMillis: connectTimeoutMs,
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
    // Each new connection's limits, set by a statement and not as startup parameters: PgBouncer
    // refuses a connection that brings statement_timeout as one ("unsupported startup
    // parameter"). statement_timeout counts a statement's wait for a lock too (no lock_timeout:
    // one limit, one error to answer). idle_in_transaction_session_timeout ends (closes) a
    // connection left in an open transaction by a handler that never came back, so its locks
    // do not hold every other request for ever. Migrations lift both for their transactions
    // (migrator.ts).
    onConnect: async (client) => {
      // Such an ending reaches a connection a handler holds as an 'error' event, which with no
      // listener is thrown and ends the process; its next query fails instead, and the pool
      // drops the connection when it is given back.
      client.on('error', () => {});
      await client.query(
        `select set_config('statement_timeout', $1, false), set_config('idle_in_transaction_session_timeout', $1, false)`,
        [String(statementTimeoutMs)],
      );
    },
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // A first query of its own, so a connection that cannot be made is told apart from a
  // migration that fails, and reported as the operator's setting to fix.
  const started = performance.now();
  try {
    await pool.query('select 1');
  } catch (error) {
    const timedOut = performance.now() - started >= connectTimeoutMs;
    await pool.end();
    const target = new URL(url);
    const database = decodeURIComponent(target.pathname.slice(1));
    const reason = timedOut ? new Error(`no answer within ${connectTimeoutMs / 1000} seconds`) : error;
    throw new ServiceUnreachable(`${database ? `database "${database}" on ` : ''}${hostAndPort(target, 5432)}`, reason);
  }
  const readRows: RowReader = <Row>(query: CompiledQuery) =>
    new Promise<Row[]>((resolve, reject) => {
      pool.query(query.sql, [...query.parameters], (error, result) => (error ? reject(error) : resolve(result.rows as Row[])));
    });
  return { db: new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) }), readRows };
}
