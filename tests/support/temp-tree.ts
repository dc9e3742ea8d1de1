import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TempTree {
  dir: string;
  remove(): Promise<void>;
}

/**
 * A fresh temporary folder holding `files` (relative path → contents), such as a small web
 * build for the server to serve: tests must not depend on `dist/web`, which CI builds only
 * after the unit tests.
 */
export async function createTempTree(files: Record<string, string | Uint8Array>): Promise<TempTree> {
  const dir = await mkdtemp(path.join(tmpdir(), 'hireassist-test-'));
  for (const [relative, contents] of Object.entries(files)) {
    const target = path.join(dir, relative);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, contents);
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The smallest web build the server serves pages from: the app shell alone. */
export function createMinimalWebBuild(): Promise<TempTree> {
  return createTempTree({
    'index.html': '<!doctype html><html><head><title>HireAssist</title></head><body><div id="root"></div></body></html>',
  });
}
