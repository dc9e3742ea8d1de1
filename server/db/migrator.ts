import { sql, type Kysely } from 'kysely';

export interface Migration {
  /** Position in the forward-only sequence; never reused, never renumbered. */
  id: number;
  name: string;
  up(db: Kysely<unknown>): Promise<void>;
}

/** Any constant works; it only has to be the same for every server sharing a database. */
const MIGRATION_LOCK = 4_818_221;

/**
 * Applies every migration not yet recorded, in id order, each in its own transaction.
 * Each transaction first takes a Postgres advisory lock and re-reads what is applied, so
 * several servers starting at once against one database apply each migration exactly once.
 */
export async function migrate(db: Kysely<unknown>, migrations: readonly Migration[]): Promise<number[]> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    await sql`create table if not exists schema_migrations (
      id integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`.execute(trx);
  });

  const applied: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.id - b.id)) {
    const ran = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
      const done = await sql`select 1 from schema_migrations where id = ${migration.id}`.execute(trx);
      if (done.rows.length > 0) return false;
      await migration.up(trx);
      await sql`insert into schema_migrations (id, name) values (${migration.id}, ${migration.name})`.execute(trx);
      return true;
    });
    if (ran) applied.push(migration.id);
  }
  return applied;
}
