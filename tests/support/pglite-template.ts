import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/database.ts';

/** Where the migrated template lives for this run; test-server.ts copies it for each fresh database. */
export const PGLITE_TEMPLATE_ENV = 'HIREASSIST_TEST_PGLITE_TEMPLATE';

/**
 * vitest globalSetup: one PGlite data directory, created and migrated once per run. A test
 * file's fresh database is a copy of it, which skips initdb and the migrations (seconds per
 * file on two cores: most of the suite's start-up time). The workers are started after this
 * runs, so they inherit the variable.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hireassist-test-template-'));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await database.close();
  process.env[PGLITE_TEMPLATE_ENV] = dataDir;
  return async () => {
    await rm(dataDir, { recursive: true, force: true });
  };
}

/**
 * A new PGlite data directory for a test: a copy of the run's migrated template when there is
 * one (a server opening it skips initdb and the migrations), else empty, so a bench or a run
 * without the globalSetup creates and migrates it from nothing, as production does.
 */
export async function freshDataDir(prefix = 'hireassist-test-'): Promise<{ dataDir: string; dispose(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (template) await cp(template, dataDir, { recursive: true });
  return { dataDir, dispose: () => rm(dataDir, { recursive: true, force: true }) };
}
