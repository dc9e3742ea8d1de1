import type { Kysely } from 'kysely';
import { onTestFinished } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { migrations } from '../../server/db/migrations/index.ts';
import type { Schema } from '../../server/db/schema.ts';
import { freshDataDir } from './pglite-template.ts';

/**
 * What a deploy of migration `id` meets: a PGlite database migrated up to just before it, holding
 * what `seed` writes as an earlier release would have, then opened with every migration. The
 * upgraded database and its folder go when the test ends.
 *
 * `seed` gets the Schema type of today, which describes the tables after every migration: insert
 * columns that have since gone with raw SQL.
 */
export async function upgradedAcross(id: number, seed: (db: Kysely<Schema>) => Promise<void>): Promise<Database> {
  const { dataDir, dispose } = await freshDataDir(`hireassist-migration-${id}-`, 'blank');
  onTestFinished(dispose);
  const before = await openDatabase(
    { kind: 'pglite', dataDir },
    migrations.filter((migration) => migration.id < id),
  );
  try {
    await seed(before.db);
  } finally {
    await before.close();
  }
  const after = await openDatabase({ kind: 'pglite', dataDir }, migrations);
  // Registered after `dispose`, so it runs first: the folder goes once the database is closed.
  onTestFinished(() => after.close());
  return after;
}
