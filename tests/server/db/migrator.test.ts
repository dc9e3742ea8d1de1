import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseTarget } from '../../../server/db/database.ts';
import type { Migration } from '../../../server/db/migrator.ts';
import { migrations as productMigrations } from '../../../server/db/migrations/index.ts';
import { freshDataDir } from '../../support/pglite-template.ts';
import { scratchSchema } from '../../support/test-server.ts';

const createTable = (id: number, table: string): Migration => ({
  id,
  name: `create ${table}`,
  async up(db) {
    await sql`create table ${sql.id(table)} (id integer primary key)`.execute(db);
  },
});

const failing: Migration = {
  id: 3,
  name: 'half done',
  async up(db) {
    await sql`create table half_done (id integer)`.execute(db);
    await sql`select no_such_function()`.execute(db);
  },
};

const opened: Database[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A PGlite with no migration applied yet (a copy of the run's blank template: initdb skipped). */
async function pgliteTarget(): Promise<DatabaseTarget> {
  const { dataDir, dispose } = await freshDataDir('hireassist-migrate-', 'blank');
  cleanups.push(dispose);
  return { kind: 'pglite', dataDir };
}

function postgresTarget(): Extract<DatabaseTarget, { kind: 'postgres' }> {
  const { url, schema, drop } = scratchSchema('test_migrate');
  cleanups.push(drop);
  return { kind: 'postgres', url, schema };
}

async function open(target: DatabaseTarget, migrations: readonly Migration[]): Promise<Database> {
  const database = await openDatabase(target, migrations);
  opened.push(database);
  return database;
}

const applied = async (database: Database) =>
  (await sql<{ id: number; name: string }>`select id, name from schema_migrations order by id`.execute(database.db)).rows;

const targets: [string, () => Promise<DatabaseTarget>, boolean][] = [
  ['PGlite', pgliteTarget, true],
  ['PostgreSQL', async () => postgresTarget(), Boolean(process.env.TEST_DATABASE_URL)],
];

describe.each(targets)('migrations on %s', (_name, makeTarget, available) => {
  it.runIf(available)('applies pending migrations in order and records each', async () => {
    const database = await open(await makeTarget(), [createTable(2, 'second'), createTable(1, 'first')]);
    expect(await applied(database)).toEqual([
      { id: 1, name: 'create first' },
      { id: 2, name: 'create second' },
    ]);
  });

  it.runIf(available)('applies only what is new on the next start', async () => {
    const target = await makeTarget();
    await (await open(target, [createTable(1, 'first')])).close();
    const database = await open(target, [createTable(1, 'first'), createTable(2, 'second')]);
    expect((await applied(database)).map((row) => row.id)).toEqual([1, 2]);
  });

  it.runIf(available)('rolls back a failing migration completely and refuses to start', async () => {
    const target = await makeTarget();
    await expect(openDatabase(target, [createTable(1, 'first'), failing])).rejects.toThrow(/no_such_function/);
    const database = await open(target, [createTable(1, 'first')]);
    expect((await applied(database)).map((row) => row.id)).toEqual([1]);
    const leftover = await sql`select to_regclass('half_done') as table`.execute(database.db);
    expect(leftover.rows).toEqual([{ table: null }]);
  });

  it.runIf(available)("creates the product's tables", async () => {
    const database = await open(await makeTarget(), productMigrations);
    expect((await applied(database)).length).toBe(productMigrations.length);
    const inserted = await database.db
      .insertInto('leads')
      .values({ name: 'Ada Lovelace', email: 'ada@example.com', source: 'contact' })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    expect(inserted.id).toBeGreaterThan(0);
    expect(inserted.created_at).toBeInstanceOf(Date);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two servers starting at once on one PostgreSQL', () => {
  it('apply each migration exactly once', async () => {
    const target = postgresTarget();
    let runs = 0;
    const counted: Migration = {
      id: 1,
      name: 'counted',
      async up(db) {
        runs += 1;
        await sql`select pg_sleep(0.2)`.execute(db);
        await sql`create table counted (id integer)`.execute(db);
      },
    };
    const [a, b] = await Promise.all([open(target, [counted]), open(target, [counted])]);
    expect(runs).toBe(1);
    expect((await applied(a)).map((row) => row.id)).toEqual([1]);
    expect((await applied(b)).map((row) => row.id)).toEqual([1]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('migrations on a PostgreSQL whose statements have a time limit', () => {
  it('run past the limit (a big table rewritten takes minutes), and leave it on every connection', async () => {
    const limit = 200;
    const slow: Migration = {
      id: 1,
      name: 'slow',
      async up(db) {
        await sql`select pg_sleep(${(limit * 3) / 1000})`.execute(db);
      },
    };
    const database = await open({ ...postgresTarget(), statementTimeoutMs: limit }, [slow]);
    expect(await applied(database)).toEqual([{ id: 1, name: 'slow' }]);
    await expect(sql`select pg_sleep(${(limit * 3) / 1000})`.execute(database.db)).rejects.toMatchObject({ code: '57014' });
  });
});
