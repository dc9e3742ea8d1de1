import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import { openDatabase } from '../../server/db/database.ts';
import type { Schema } from '../../server/db/schema.ts';
import { loadAdminKeyPair, loadSealingKey, loadSigningKeyPem } from '../../server/identity/secrets.ts';

/** Where the migrated template lives for this run; test-server.ts copies it for each fresh database. */
export const PGLITE_TEMPLATE_ENV = 'HIREASSIST_TEST_PGLITE_TEMPLATE';
/** Where the blank template lives: initdb done, no migration applied (for the migration tests). */
export const PGLITE_BLANK_TEMPLATE_ENV = 'HIREASSIST_TEST_PGLITE_BLANK_TEMPLATE';

/**
 * vitest globalSetup: two PGlite data directories, created once per run: a blank one (initdb
 * only) and a copy of it with every migration applied and the installation's secrets stored
 * (see storeInstallationSecrets). A test file's fresh database is a copy of one of them,
 * which skips initdb (and the migrations): seconds per database on two cores, most of the
 * suite's start-up time. The workers are started after this runs, so they inherit
 * the variables.
 * Vitest runs a globalSetup once per project that names it, one after another, in the same
 * process: the first creates the templates and removes them at the end, the others reuse them
 * (about 6 s each on two cores, seven projects).
 */
export default async function setup(): Promise<() => Promise<void>> {
  if (process.env[PGLITE_TEMPLATE_ENV]) return async () => {};
  const folder = await mkdtemp(path.join(tmpdir(), 'hireassist-test-template-'));
  const blank = path.join(folder, 'blank');
  const migrated = path.join(folder, 'migrated');
  await (await openDatabase({ kind: 'pglite', dataDir: blank }, [])).close();
  await copyTree(blank, migrated);
  const database = await openDatabase({ kind: 'pglite', dataDir: migrated });
  await storeInstallationSecrets(database.db);
  await database.close();
  process.env[PGLITE_BLANK_TEMPLATE_ENV] = blank;
  process.env[PGLITE_TEMPLATE_ENV] = migrated;
  return async () => {
    Reflect.deleteProperty(process.env, PGLITE_BLANK_TEMPLATE_ENV);
    Reflect.deleteProperty(process.env, PGLITE_TEMPLATE_ENV);
    await rm(folder, { recursive: true, force: true });
  };
}

/**
 * The secrets a server makes at its first start, made once for the run: a 2048-bit RSA key
 * costs 150 to 300 ms of CPU, which every test server would otherwise pay. The servers of a
 * run then share one installation's keys, as the instances of one installation do; the
 * first start's own path is tested where it matters (installation-secrets.test.ts, the
 * PostgreSQL variants, the server process and end-to-end runs, which start on empty data).
 */
async function storeInstallationSecrets(db: Kysely<Schema>): Promise<void> {
  await loadSigningKeyPem(db);
  await loadSealingKey(db);
  await loadAdminKeyPair(db, undefined);
}

const run = promisify(execFile);

/**
 * cp(1) rather than fs.cp, which walks a template's 1,100 files in JavaScript: about 170 ms a
 * copy instead of 550 ms, for each of the suite's few hundred servers.
 */
function copyTree(from: string, to: string): Promise<unknown> {
  return run('cp', ['-R', `${from}/.`, to]);
}

/**
 * A new PGlite data directory for a test: a copy of the run's template when there is one
 * (`migrated`, the default: a server opening it skips initdb and the migrations; `blank`: only
 * initdb is skipped), in the run's folder, else empty, so a bench or a run without the globalSetup creates and
 * migrates it from nothing, as production does.
 */
export async function freshDataDir(
  prefix = 'hireassist-test-',
  contents: 'migrated' | 'blank' = 'migrated',
): Promise<{ dataDir: string; dispose(): Promise<void> }> {
  const template = process.env[contents === 'blank' ? PGLITE_BLANK_TEMPLATE_ENV : PGLITE_TEMPLATE_ENV];
  // Beside the template, so the run's teardown removes what a worker ended without removing
  // (vitest ends its workers without an exit event, and a worker's pool of open databases goes with it).
  const parent = template ? path.join(path.dirname(template), 'scratch') : tmpdir();
  await mkdir(parent, { recursive: true });
  const dataDir = await mkdtemp(path.join(parent, prefix));
  if (template) await copyTree(template, dataDir);
  return { dataDir, dispose: () => rm(dataDir, { recursive: true, force: true }) };
}
