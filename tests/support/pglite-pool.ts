import { sql, type KyselyPlugin, type Kysely } from 'kysely';
import { openDatabase, type Database } from '../../server/db/database.ts';
import type { Schema } from '../../server/db/schema.ts';
import { freshDataDir } from './pglite-template.ts';

/**
 * Test databases on PGlite, kept open between the test servers of one worker. Starting a
 * PGlite costs 0.7 to 1 s of CPU on two cores (its WebAssembly Postgres starting up, and the
 * kernel handing it a fresh memory), and a run starts about 150 of them. A database given
 * back is returned to the migrated template's rows and session settings, then lent again.
 *
 * What a borrower gets is the database as `openDatabase` returns it, behind a guard: once
 * it is closed, every query it (or a server still running on it) tries fails as on a closed
 * PGlite, so nothing of one test's server reaches the next test's data. A database whose
 * schema a test changed is closed for good instead of lent again.
 */
export interface PooledDatabase extends Database {
  /** Gives the database back: reset and lent again, or closed if it cannot be. */
  dispose(): Promise<void>;
}

interface Idle {
  database: Database;
  removeDataDir(): Promise<void>;
  /** Every table (the schema check below proves a returned database has the same). */
  tables: readonly string[];
  /** The template's rows, per table (only the tables that have any), as JSON. */
  rows: ReadonlyMap<string, string>;
  /** The template's sequence positions. */
  sequences: readonly { name: string; value: string; called: boolean }[];
  /** Tables, columns and indexes: a lent database comes back with the same, or is not lent again. */
  schema: string;
}

/** Idle databases a worker keeps (each holds 60 to 100 MB of WebAssembly memory). */
const MAX_IDLE = 2;
/** On globalThis, so a module registry evaluated again (the web tests' setup does) finds the same pool. */
const POOL = Symbol.for('hireassist.test.pglite-pool');
type Pool = { idle: Idle[] };

function pool(): Pool {
  const global = globalThis as { [POOL]?: Pool };
  global[POOL] ??= { idle: [] };
  return global[POOL];
}

/** A database on a copy of the migrated template: an idle one reset, or a new one. */
export async function borrowPGlite(): Promise<PooledDatabase> {
  const idle = pool().idle.pop() ?? (await openFromTemplate());
  return lend(idle);
}

async function openFromTemplate(): Promise<Idle> {
  // In the run's folder: the run's teardown removes what the worker leaves open when it ends.
  const { dataDir, dispose: removeDataDir } = await freshDataDir();
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    return { database, removeDataDir, ...(await templateState(database.db)) };
  } catch (error) {
    await database.close();
    await removeDataDir();
    throw error;
  }
}

async function templateState(db: Kysely<Schema>): Promise<Pick<Idle, 'tables' | 'rows' | 'sequences' | 'schema'>> {
  const tables = await publicTables(db);
  const rows = new Map<string, string>();
  for (const table of tables) {
    const { rows: found } = await sql<{
      json: string | null;
    }>`select json_agg(t)::text as json from ${sql.table(table)} t`.execute(db);
    const json = found[0]?.json;
    if (json) rows.set(table, json);
  }
  const { rows: sequences } = await sql<{ name: string; value: string; called: boolean }>`
    select sequencename as name, coalesce(last_value, start_value)::text as value, last_value is not null as called
    from pg_sequences where schemaname = 'public'`.execute(db);
  return { tables, rows, sequences, schema: await schemaOf(db) };
}

async function publicTables(db: Kysely<Schema>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = 'public' order by tablename`.execute(db);
  return rows.map((row) => row.name);
}

async function schemaOf(db: Kysely<Schema>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`
    select concat_ws('|',
      (select string_agg(table_name || '.' || column_name || ':' || data_type || ':' || is_nullable || ':' || coalesce(column_default, ''), ',' order by table_name, column_name)
        from information_schema.columns where table_schema = 'public'),
      (select string_agg(indexdef, ',' order by indexname) from pg_indexes where schemaname = 'public'),
      (select string_agg(conname, ',' order by conname) from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = 'public'),
      (select string_agg(proname, ',' order by proname) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public')
    ) as schema`.execute(db);
  return rows[0]?.schema ?? '';
}

function lend(idle: Idle): PooledDatabase {
  let closed = false;
  // Every query of the borrower passes here: after close it fails, as on a closed PGlite.
  const guard: KyselyPlugin = {
    transformQuery({ node }) {
      if (closed) throw new Error('PGlite is closed');
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  let given: Promise<void> | undefined;
  return {
    kind: 'pglite',
    db: idle.database.db.withPlugin(guard),
    async ping() {
      return !closed && (await idle.database.ping());
    },
    async close() {
      closed = true;
    },
    dispose() {
      closed = true;
      given ??= giveBack(idle);
      return given;
    },
  };
}

async function giveBack(idle: Idle): Promise<void> {
  const idlePool = pool().idle;
  try {
    if (idlePool.length >= MAX_IDLE) throw new Error('enough idle databases');
    await reset(idle);
    idlePool.push(idle);
  } catch {
    await idle.database.close();
    await idle.removeDataDir();
  }
}

/**
 * The template's state again: every table emptied and its template rows put back, every
 * sequence where the template left it, the session's settings, locks and temporary tables
 * gone. Queries the last server left queued on the session run before this (PGlite has one
 * session, and the dialect lends it to one caller at a time).
 */
async function reset({ database: { db }, tables, rows, sequences, schema }: Idle): Promise<void> {
  if ((await schemaOf(db)) !== schema) throw new Error('a test changed the schema');
  await db.connection().execute(async (session) => {
    await sql`rollback`.execute(session); // a transaction the last server left open (a warning otherwise)
    await sql`reset all`.execute(session);
    await sql`select pg_advisory_unlock_all()`.execute(session);
    await sql`discard temp`.execute(session);
    await session.transaction().execute(async (trx) => {
      // Foreign keys and triggers are not checked while the rows are put back, as in a restore.
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`truncate ${sql.join(tables.map((table) => sql.table(table)))}`.execute(trx);
      for (const [table, json] of rows) {
        await sql`insert into ${sql.table(table)} overriding system value
          select * from json_populate_recordset(null::${sql.table(table)}, ${json}::json)`.execute(trx);
      }
      for (const sequence of sequences) {
        await sql`select setval(${sql.lit(sequence.name)}::regclass, ${sequence.value}::bigint, ${sequence.called})`.execute(trx);
      }
    });
  });
}
