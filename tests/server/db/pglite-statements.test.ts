import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PGliteDialect } from '../../../server/db/pglite-dialect.ts';
import { PreparedStatements } from '../../../server/db/pglite-statements.ts';
import { freshDataDir } from '../../support/pglite-template.ts';

interface Row {
  id: number;
  name: string;
  active: boolean;
  seen_at: Date | null;
  details: { tags: string[] } | null;
  labels: string[] | null;
  amount: string | null;
  data: Uint8Array | null;
}
interface TestSchema {
  items: Row;
}

let pglite: PGlite;
let db: Kysely<TestSchema>;

const CREATE_ITEMS = `create table items (
  id integer primary key,
  name text not null unique,
  active boolean not null,
  seen_at timestamptz,
  details jsonb,
  labels text[],
  amount numeric,
  data bytea
)`;

/**
 * One PGlite for the file, on a copy of the run's blank template (initdb already done): starting
 * a PGlite costs about a second of CPU on two cores, initdb several. Before each test, a session
 * with nothing of the last: no prepared statement, the table as created (a test alters it), and
 * a Kysely whose statement cache is new. A session a test left unusable fails the reset loudly
 * rather than passing into the next test.
 */
let removeDataDir: () => Promise<void>;
beforeAll(async () => {
  const { dataDir, dispose } = await freshDataDir('hireassist-pglite-statements-', 'blank');
  removeDataDir = dispose;
  pglite = await PGlite.create({ dataDir });
});
afterAll(async () => {
  await pglite.close();
  await removeDataDir();
});
beforeEach(async () => {
  await pglite.exec(`deallocate all; drop table if exists items; ${CREATE_ITEMS}`);
  db = new Kysely<TestSchema>({ dialect: new PGliteDialect(pglite) });
});

/**
 * The statements this session has prepared, by their text, in the text's order: their
 * prepare_time can tie (two prepared in the same tick), which made an order by it vary.
 */
const prepared = async () =>
  (await pglite.query<{ statement: string }>('select statement from pg_prepared_statements order by statement')).rows.map(
    (row) => row.statement,
  );

const sample: Row = {
  id: 1,
  name: 'Ada',
  active: true,
  seen_at: new Date('2026-11-23T10:00:00.123Z'),
  details: { tags: ['a', 'b'] },
  labels: ['x', 'y z'],
  amount: '12.50',
  data: new Uint8Array([0, 1, 254, 255]),
};

describe('PGlite prepared statements', () => {
  it('writes and reads every column type as PGlite’s own query() does', async () => {
    await db
      .insertInto('items')
      .values({ ...sample, details: JSON.stringify(sample.details) as unknown as Row['details'] })
      .execute();
    await db
      .insertInto('items')
      .values({ id: 2, name: 'Bo', active: false, seen_at: null, details: null, labels: null, amount: null, data: null })
      .execute();

    const throughKysely = await db.selectFrom('items').selectAll().orderBy('id').execute();
    const throughQuery = (await pglite.query<Row>('select * from items order by id')).rows;
    expect(throughKysely).toEqual(throughQuery);
    expect(throughKysely[0]).toEqual(sample);
    expect(throughKysely[1]?.seen_at).toBeNull();
  });

  it('prepares each query text once and reuses it with new values', async () => {
    for (const id of [1, 2, 3]) {
      await db
        .insertInto('items')
        .values({ id, name: `n${id}`, active: id % 2 === 0 })
        .execute();
    }
    for (const id of [1, 2, 3]) {
      const row = await db.selectFrom('items').select(['name', 'active']).where('id', '=', id).executeTakeFirst();
      expect(row).toEqual({ name: `n${id}`, active: id % 2 === 0 });
    }
    const statements = await prepared();
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/^insert into "items"/);
    expect(statements[1]).toMatch(/^select "name", "active" from "items"/);
  });

  it('reports affected rows for updates and deletes, and rows from returning', async () => {
    for (const id of [1, 2, 3])
      await db
        .insertInto('items')
        .values({ id, name: `n${id}`, active: false })
        .execute();
    const updated = await db.updateTable('items').set({ active: true }).where('id', '<', 3).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
    const deleted = await db.deleteFrom('items').where('id', '=', 3).returning(['id', 'name']).execute();
    expect(deleted).toEqual([{ id: 3, name: 'n3' }]);
    expect(await db.selectFrom('items').select('id').where('active', '=', true).orderBy('id').execute()).toEqual([
      { id: 1 },
      { id: 2 },
    ]);
  });

  it('reports a constraint violation with its code and keeps the session usable, in and out of a transaction', async () => {
    await db.insertInto('items').values({ id: 1, name: 'Ada', active: true }).execute();
    await expect(db.insertInto('items').values({ id: 2, name: 'Ada', active: true }).execute()).rejects.toMatchObject({
      code: '23505',
    });

    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ id: 3, name: 'Cy', active: true }).execute();
        await trx.insertInto('items').values({ id: 4, name: 'Ada', active: true }).execute();
      }),
    ).rejects.toMatchObject({ code: '23505' });

    // The failed transaction left nothing behind, and the same statements still work.
    await db.insertInto('items').values({ id: 5, name: 'Di', active: true }).execute();
    expect(await db.selectFrom('items').select('name').orderBy('id').execute()).toEqual([{ name: 'Ada' }, { name: 'Di' }]);
  });

  it('reports a statement Postgres refuses, without keeping it', async () => {
    const before = await prepared();
    await expect(
      db
        .selectFrom('items')
        .select(sql<number>`no_such_column`.as('x'))
        .execute(),
    ).rejects.toMatchObject({ code: '42703' });
    expect(await prepared()).toEqual(before);
    expect(await db.selectFrom('items').selectAll().execute()).toEqual([]);
  });

  it('reads a table with its new shape after a migration changes it', async () => {
    await db.insertInto('items').values({ id: 1, name: 'Ada', active: true }).execute();
    const readAll = (executor: Kysely<TestSchema> = db) => executor.selectFrom('items').selectAll().executeTakeFirstOrThrow();
    expect(Object.keys(await readAll())).not.toContain('note');

    await sql`alter table items add column note text not null default 'new'`.execute(db);
    expect(await readAll()).toMatchObject({ name: 'Ada', note: 'new' });

    // Inside a transaction the changed statement fails the transaction; its retry succeeds.
    await sql`alter table items drop column note`.execute(db);
    await expect(db.transaction().execute((trx) => readAll(trx))).rejects.toMatchObject({ code: '0A000' });
    expect(Object.keys(await db.transaction().execute((trx) => readAll(trx)))).not.toContain('note');
  });

  it('closes the least recently used statement when full', async () => {
    const statements = new PreparedStatements(pglite, 2);
    const select = (column: string) => `select ${column} from items where id = $1`;
    await pglite.query(`insert into items (id, name, active) values (1, 'Ada', true)`);

    expect((await statements.run(select('id'), [1])).rows).toEqual([{ id: 1 }]);
    await statements.run(select('name'), [1]);
    await statements.run(select('id'), [1]);
    expect((await statements.run(select('active'), [1])).rows).toEqual([{ active: true }]);

    expect(statements.size).toBe(2);
    expect(await prepared()).toEqual([select('active'), select('id')]);
    expect((await statements.run(select('name'), [1])).rows).toEqual([{ name: 'Ada' }]);
  });

  it('gives statements names of their own when two caches share a session', async () => {
    await pglite.query(`insert into items (id, name, active) values (1, 'Ada', true)`);
    const first = new PreparedStatements(pglite);
    const second = new PreparedStatements(pglite);
    expect((await first.run('select name from items where id = $1', [1])).rows).toEqual([{ name: 'Ada' }]);
    expect((await second.run('select active from items where id = $1', [1])).rows).toEqual([{ active: true }]);
    expect(await prepared()).toHaveLength(2);
  });
});
