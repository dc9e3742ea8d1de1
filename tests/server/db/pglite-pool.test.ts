import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../server/db/schema.ts';
import { borrowPGlite } from '../../support/pglite-pool.ts';

/** Rows per table and every sequence's position: what one test could leave for the next. */
async function contents(db: Kysely<Schema>): Promise<Record<string, string>> {
  const { rows: tables } = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = 'public' order by tablename`.execute(db);
  const found: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{
      json: string | null;
    }>`select json_agg(t order by t)::text as json from ${sql.table(name)} t`.execute(db);
    found[name] = rows[0]?.json ?? '[]';
  }
  const { rows: sequences } = await sql<{ name: string; value: string | null }>`
    select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`.execute(db);
  for (const { name, value } of sequences) found[`sequence ${name}`] = String(value);
  return found;
}

/** When the PGlite behind `db` started: the same instance lent twice answers the same. */
async function startedAt(db: Kysely<Schema>): Promise<string> {
  const { rows } = await sql<{ started: string }>`select pg_postmaster_start_time()::text as started`.execute(db);
  return rows[0]?.started ?? '';
}

describe('the test databases kept open between servers (tests/support/pglite-pool.ts)', () => {
  it('lends a database again with exactly the template’s rows and sequences, whatever the last test wrote', async () => {
    const first = await borrowPGlite();
    const template = await contents(first.db);
    const instance = await startedAt(first.db);
    const lead = await first.db
      .insertInto('leads')
      .values({ name: 'Ada', email: 'ada@example.com', source: 'affiliate' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await first.db
      .insertInto('affiliate_applications')
      .values({
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        company: '',
        website: '',
        experience: '',
        audience: '',
        motivation: '',
        lead_id: lead.id,
        ip: null,
      })
      .execute();
    await sql`set statement_timeout = 5`.execute(first.db);
    expect(await contents(first.db)).not.toEqual(template);
    await first.close();
    await first.dispose();

    const second = await borrowPGlite();
    try {
      expect(await startedAt(second.db)).toBe(instance);
      expect(await contents(second.db)).toEqual(template);
      const { rows } = await sql<{ timeout: string }>`select current_setting('statement_timeout') as timeout`.execute(second.db);
      expect(rows[0]?.timeout).toBe('0');
    } finally {
      await second.dispose();
    }
  });

  it('refuses every query of a closed borrower, so a server still running cannot reach the next test’s data', async () => {
    const database = await borrowPGlite();
    await database.close();
    await expect(database.db.selectFrom('leads').selectAll().execute()).rejects.toThrow('PGlite is closed');
    await expect(sql`select 1`.execute(database.db)).rejects.toThrow('PGlite is closed');
    expect(await database.ping()).toBe(false);
    await database.dispose();
  });

  it('does not lend again a database whose schema a test changed', async () => {
    const changed = await borrowPGlite();
    const instance = await startedAt(changed.db);
    await sql`create table left_behind (id int)`.execute(changed.db);
    await changed.dispose();

    const next = await borrowPGlite();
    try {
      expect(await startedAt(next.db)).not.toBe(instance);
      const { rows } = await sql<{ found: string | null }>`select to_regclass('left_behind')::text as found`.execute(next.db);
      expect(rows[0]?.found).toBeNull();
    } finally {
      await next.dispose();
    }
  });
});
