import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { migrate, type Migration } from './migrator.ts';
import { migrations as productMigrations } from './migrations/index.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import type { Schema } from './schema.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string }
  /** `schema`, when given, is created if missing and used as the search path (tests use one per run). */
  | { kind: 'postgres'; url: string; schema?: string };

export interface Database {
  kind: DatabaseKind;
  db: Kysely<Schema>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Opens the database, applies pending migrations, and returns it ready for queries. */
export async function openDatabase(
  target: DatabaseTarget,
  migrations: readonly Migration[] = productMigrations,
): Promise<Database> {
  const db = target.kind === 'pglite' ? await openPGlite(target.dataDir) : await openPostgres(target.url, target.schema);
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
  // pg_trgm: the admin lists' substring search is answered by trigram indexes (migration 10).
  const pglite = await PGlite.create(dir, { extensions: { pg_trgm } });
  return new Kysely<Schema>({ dialect: new PGliteDialect(pglite) });
}

async function openPostgres(url: string, schema: string | undefined): Promise<Kysely<Schema>> {
  if (schema !== undefined) {
    if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
    const admin = new pg.Client({ connectionString: url });
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
    max: 10,
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
}
