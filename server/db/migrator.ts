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
 * Takes the migration lock in a transaction with no time limits. The pool's connections cancel
 * a statement after DATABASE_STATEMENT_TIMEOUT_MS (database.ts), but a migration may rewrite a
 * big table for minutes, and a server starting beside one that migrates waits for the lock as
 * long as that takes. `set local` ends with the transaction: the connection goes back to the
 * pool with its limits.
 */
async function takeMigrationLock(trx: Kysely<unknown>): Promise<void> {
  await sql`set local statement_timeout = 0`.execute(trx);
  await sql`set local idle_in_transaction_session_timeout = 0`.execute(trx);
  await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
}

/**
 * Applies every migration not yet recorded, in id order, each in its own transaction.
 * Each transaction first takes a Postgres advisory lock and re-reads what is applied, so
 * several servers starting at once against one database apply each migration exactly once.
 */
export async function migrate(db: Kysely<unknown>, migrations: readonly Migration[]): Promise<number[]> {
  await db.transaction().execute(async (trx) => {
    await takeMigrationLock(trx);
    await sql`create table if not exists schema_migrations (
      id integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`.execute(trx);
  });

  const applied: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.id - b.id)) {
    const ran = await db.transaction().execute(async (trx) => {
      await takeMigrationLock(trx);
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
