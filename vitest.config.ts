import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { preferRamTmpdir } from './tests/support/ram-tmpdir.ts';

// Scratch files (each test server's database) in RAM when the machine allows: see the function.
preferRamTmpdir();

/**
 * Files whose results depend on the clock (medians of milliseconds, "answers within 900 ms",
 * "slowed by at least N ms"). They run in a group of their own, after the other projects and
 * one file at a time, so two busy cores do not decide them.
 */
const TIMING_FILES = [
  'tests/security/affiliate-timing.test.ts',
  'tests/security/brute-force.test.ts',
  'tests/security/operator-lockout.test.ts',
  'tests/security/admin-slow-lane-two-instances.test.ts',
  'tests/security/pretend-timing-two-instances.test.ts',
  'tests/server/blog/storychief.test.ts',
];

/**
 * The quick loop (`npm run test:quick`) runs the test files that start nothing: no server, no
 * browser, no child process, no database (even an in-memory PGlite costs seconds on two cores).
 * A file is left out when it, or a test helper it imports (followed through relative imports
 * inside tests/), names one of these. Worked out here rather than by a list or a naming
 * convention, so a new test lands on the right side by itself; tests/support/no-listen.ts makes
 * a wrong guess fail loudly instead of slowly.
 */
const STARTS_SOMETHING =
  /\b(startTestServer|startIdentityServer|startBlogServer|startSecurityServer|startServerProcess|buildApp|openTestDatabase|openDatabase|PGlite|createServer|spawn|execFile|fork|chromium|playwright)\b|\.listen\(/;
const RELATIVE_IMPORT = /(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g;
const TESTS = path.resolve('tests');

/** Whether `file`, or a test helper it imports (followed through relative imports inside tests/), matches `pattern`. */
function mentions(pattern: RegExp, file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    return false; // an import of a directory or a generated file: nothing of ours to follow
  }
  if (pattern.test(source)) return true;
  return [...source.matchAll(RELATIVE_IMPORT)].some(([, specifier]) => {
    const target = path.resolve(path.dirname(file), specifier ?? '');
    return target.startsWith(TESTS + path.sep) && mentions(pattern, target, seen);
  });
}

const startsSomething = (file: string) => mentions(STARTS_SOMETHING, file);

function testFilesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.test\.tsx?$/.test(name))
    .map((name) => path.join(folder, name).split(path.sep).join('/'));
}

/** The quick subset of a project's folder (minus `exclude`, which may hold globs' plain prefixes). */
function quickFiles(folder: string, exclude: readonly string[] = []): string[] {
  return testFilesUnder(folder).filter(
    (file) =>
      !exclude.some((prefix) => file.startsWith(prefix)) && !TIMING_FILES.includes(file) && !startsSomething(path.resolve(file)),
  );
}

/**
 * Test files that replace a module (`vi.mock`) need a module registry of their own. The other
 * node files share one per worker (`isolate: false`): each file then skips re-importing
 * Fastify, the AWS SDK and PGlite, about a second of two busy cores per file. Those files
 * keep no state between files but what they start and close themselves, and they set no
 * process.env.
 */
const MOCKS_MODULES = /\bvi\.(mock|doMock|unmock)\(/;
const mocksModules = (file: string) => mentions(MOCKS_MODULES, path.resolve(file));
const serverFiles = (folder: string) => testFilesUnder(folder).filter((file) => !TIMING_FILES.includes(file));

const QUICK_NODE_FILES = [...quickFiles('tests/server'), ...quickFiles('tests/security')];

const nodeTest = { environment: 'node' as const, env: { AWS_EC2_METADATA_DISABLED: 'true' } };
/** Projects whose files start servers: their fresh PGlite databases are copies of one migrated template. */
const PGLITE_TEMPLATE = ['tests/support/pglite-template.ts'];

const desktop = {
  ...nodeTest,
  // One folder for the electron stand-in's userData folders, removed at the end of the run.
  globalSetup: ['tests/desktop/support/user-data-root.ts'],
  // The IPC test talks to a real server, which shares two cores with everything else.
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // electron-store imports `electron`: inlined so it gets the tests' mock of that module.
  server: { deps: { inline: ['electron-store'] } },
};

const web = {
  environment: 'jsdom' as const,
  setupFiles: ['tests/web/setup.ts'],
  // One module registry per worker: each file skips re-importing React and Fluent UI (the web
  // run takes half the time). Each file still gets its own jsdom, and tests/web/setup.ts
  // re-evaluates our own modules between files, so no module-level state crosses over.
  isolate: false,
  // Components talking to a real server share two cores with it.
  testTimeout: 20_000,
};

/**
 * Projects in a lower group finish before a higher group starts: first everything else in
 * parallel, then the timing files one at a time, then the reliability runs (crash, restart,
 * load), with no other project beside them.
 */
const GROUP = { parallel: 0, timing: 1, reliability: 2 } as const;

/**
 * Files that spend most of their time waiting: the soak sends a steady 50 requests a second for
 * 30 s. Started first in their group, so the files after them use the core they leave idle.
 * Vitest otherwise starts the longest files first by its record of past runs, and with no
 * record (a fresh clone, as in CI) the largest: the soak then ran last and alone (the
 * reliability runs 92 s in CI against 73 to 82 s with a record).
 */
const MOSTLY_WAITING = ['tests/reliability/soak.test.ts'];

class MostlyWaitingFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const waits = (file: TestSpecification) => MOSTLY_WAITING.some((name) => file.moduleId.endsWith(name));
    // A stable sort: the groups' order and vitest's order inside them stay as they were.
    return (await super.sort(files)).sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || Number(waits(b)) - Number(waits(a)),
    );
  }
}

/**
 * A project of node files that start servers, in the parallel group. Files that replace a
 * module get a registry of their own; the others share one per worker (see MOCKS_MODULES).
 */
function serverProject(name: string, include: string[], testTimeout: number, isolate: boolean): TestProjectInlineConfiguration {
  return {
    test: {
      ...nodeTest,
      name,
      globalSetup: PGLITE_TEMPLATE,
      include,
      isolate,
      testTimeout,
      hookTimeout: 60_000,
      sequence: { groupOrder: GROUP.parallel },
    },
  };
}

const projects: TestProjectInlineConfiguration[] = [
  // Each file starts its own server and database; files run in parallel, tests in a file in order.
  serverProject(
    'server',
    serverFiles('tests/server').filter((file) => !mocksModules(file)),
    30_000,
    false,
  ),
  serverProject(
    'security',
    serverFiles('tests/security').filter((file) => !mocksModules(file)),
    60_000,
    false,
  ),
  serverProject(
    'module-mocks',
    [...serverFiles('tests/server'), ...serverFiles('tests/security')].filter(mocksModules),
    60_000,
    true,
  ),
  {
    test: {
      ...nodeTest,
      name: 'timing',
      globalSetup: PGLITE_TEMPLATE,
      include: TIMING_FILES,
      fileParallelism: false,
      testTimeout: 60_000,
      hookTimeout: 60_000,
      sequence: { groupOrder: GROUP.timing },
    },
  },
  {
    test: {
      ...nodeTest,
      name: 'reliability',
      globalSetup: PGLITE_TEMPLATE,
      include: ['tests/reliability/**/*.test.ts'],
      // Crash, restart and load runs, two files at a time (each has a core): one at a time took
      // 119 s on a 2 vCPU VM, two 73 to 82 s (three runs), every assertion passing; the soak's
      // 30 s are mostly waiting between requests, and its memory is read in its own server.
      testTimeout: 180_000,
      hookTimeout: 120_000,
      sequence: { groupOrder: GROUP.reliability },
    },
  },
  {
    test: {
      ...desktop,
      name: 'desktop',
      globalSetup: [...desktop.globalSetup, ...PGLITE_TEMPLATE],
      include: ['tests/desktop/**/*.test.ts'],
      exclude: ['tests/desktop/keychain/**'],
      sequence: { groupOrder: GROUP.parallel },
    },
  },
  {
    // The real OS keychain: run by `npm run test:keychain` inside a D-Bus session with gnome-keyring.
    test: {
      name: 'keychain',
      environment: 'node',
      include: ['tests/desktop/keychain/**/*.test.ts'],
    },
  },
  {
    plugins: [react()],
    test: {
      ...web,
      name: 'web',
      globalSetup: PGLITE_TEMPLATE,
      include: ['tests/web/**/*.test.{ts,tsx}'],
      sequence: { groupOrder: GROUP.parallel },
    },
  },
  // The quick loop: the same files as above, the ones that start nothing (see quickFiles).
  {
    test: {
      ...nodeTest,
      name: 'quick-node',
      include: QUICK_NODE_FILES.filter((file) => !mocksModules(file)),
      setupFiles: ['tests/support/no-listen.ts'],
      isolate: false,
    },
  },
  // A quick file that replaces a module gets a registry of its own (none does today).
  {
    test: {
      ...nodeTest,
      name: 'quick-module-mocks',
      include: QUICK_NODE_FILES.filter(mocksModules),
      setupFiles: ['tests/support/no-listen.ts'],
    },
  },
  {
    test: {
      ...desktop,
      name: 'quick-desktop',
      include: quickFiles('tests/desktop', ['tests/desktop/keychain/']),
      setupFiles: ['tests/support/no-listen.ts'],
    },
  },
  {
    plugins: [react()],
    test: {
      ...web,
      name: 'quick-web',
      include: quickFiles('tests/web'),
      setupFiles: [...web.setupFiles, 'tests/support/no-listen.ts'],
    },
  },
];

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker; the files wait on servers, databases and
    // sockets often enough that two keep both cores busy.
    maxWorkers: 2,
    sequence: { sequencer: MostlyWaitingFirst },
    reporters: ['default', 'json'],
    // Set here rather than in the reporter's options so a run can name its own file on the
    // command line (the keychain run does, not to overwrite the unit run's report).
    outputFile: { json: 'test-reports/vitest.json' },
    projects,
  },
});
