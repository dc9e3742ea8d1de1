import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where the electron stand-in makes each test's userData folder during a run. */
export const USER_DATA_ROOT_ENV = 'HIREASSIST_TEST_CONSOLE_USER_DATA';

/**
 * vitest globalSetup of the desktop project: one folder for the run's userData folders,
 * removed at its end (the workers are ended without an exit event to clean up on). Set before
 * the workers start, so they inherit it.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const root = await mkdtemp(path.join(tmpdir(), 'hireassist-console-'));
  process.env[USER_DATA_ROOT_ENV] = root;
  return async () => {
    Reflect.deleteProperty(process.env, USER_DATA_ROOT_ENV);
    await rm(root, { recursive: true, force: true });
  };
}
