import { CompiledQuery, sql, type Kysely, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import type { Schema } from '../../server/db/schema.ts';
import { freshDataDir } from './pglite-template.ts';
import { scratchSchema } from './test-server.ts';

/**
 * What a list's queries read at scale: the queries the code really sends, captured as it runs,
 * explained on the migrated database with sequential scans priced out, so a plan that still
 * reads the table (or filters a whole index) is one no index serves.
 */

/** A migrated database to seed and explain on, and how to remove it. */
interface PlanTarget {
  name: string;
  open(): Promise<{ database: Database; dispose(): Promise<void> }>;
}

/** PGlite always; the PostgreSQL at TEST_DATABASE_URL too when it is set (a schema of its own). */
export function planTargets(prefix: string): PlanTarget[] {
  const pglite: PlanTarget = {
    name: 'PGlite',
    async open() {
      const { dataDir, dispose } = await freshDataDir(`hireassist-${prefix}-`);
      const database = await openDatabase({ kind: 'pglite', dataDir });
      return { database, dispose: () => database.close().then(dispose) };
    },
  };
  const postgres: PlanTarget = {
    name: 'PostgreSQL',
    async open() {
      const scratch = scratchSchema(prefix);
      const database = await openDatabase({ kind: 'postgres', url: scratch.url, schema: scratch.schema });
      return { database, dispose: () => database.close().then(() => scratch.drop()) };
    },
  };
  return process.env.TEST_DATABASE_URL ? [pglite, postgres] : [pglite];
}

/**
 * The target's migrated database for the tests of the describe block that calls this: opened
 * and seeded before them (two minutes allowed, for thousands of rows), removed after them.
 */
export function seededDatabase(target: PlanTarget, seed: (db: Kysely<Schema>) => Promise<void>): { readonly db: Kysely<Schema> } {
  let opened: { database: Database; dispose(): Promise<void> } | undefined;
  beforeAll(async () => {
    opened = await target.open();
    await seed(opened.database.db);
  }, 120_000);
  afterAll(async () => {
    await opened?.dispose();
  });
  return {
    get db() {
      if (!opened) throw new Error('The plan database is opened before the tests, not while they are collected');
      return opened.database.db;
    },
  };
}

/** `db` keeping every query run through it, compiled, to explain afterwards. */
export function recording(db: Kysely<Schema>): { db: Kysely<Schema>; sent: CompiledQuery[] } {
  const sent: CompiledQuery[] = [];
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      sent.push(db.getExecutor().compileQuery(node as RootOperationNode, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(plugin), sent };
}

/** The plan of `query` with sequential scans priced out, as text. */
export async function planOf(db: Kysely<Schema>, query: CompiledQuery): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}
