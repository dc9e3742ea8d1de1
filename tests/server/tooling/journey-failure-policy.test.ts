import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The journeys record no trace while they pass (recording one for every journey and throwing the
 * passing ones away cost a sixth of their time); a journey that fails runs once more, recording
 * a trace, and the run fails all the same. This runs one planted journey, that fails only on its
 * first attempt, through the repository's own playwright.config.ts, and checks both halves: the
 * retry did not turn the failure into a pass, and the failure left a trace to open.
 *
 * The journey and its config live in a folder made for this run under test-results/, which git,
 * tsc, lint and knip ignore (Playwright does not compile TypeScript under node_modules).
 */
const folder = path.join(PROJECT_ROOT, 'test-results', `journey-policy-${randomBytes(4).toString('hex')}`);

beforeAll(() => {
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    path.join(folder, 'playwright.config.ts'),
    `import base from ${JSON.stringify(path.join(PROJECT_ROOT, 'playwright.config.ts'))};
export default {
  ...base,
  testDir: '.',
  globalSetup: undefined,
  workers: 1,
  outputDir: './results',
  reporter: [['json', { outputFile: './report.json' }]],
};
`,
  );
  writeFileSync(
    path.join(folder, 'flaky.spec.ts'),
    `import { expect, test } from '@playwright/test';
test('fails on its first attempt only', async ({ page }, testInfo) => {
  await page.setContent('<h1>Attempt ' + testInfo.retry + '</h1>');
  await expect(page.getByRole('heading')).toHaveText('Attempt 1', { timeout: 500 });
});
`,
  );
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

function runPlaywright(): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'node_modules/@playwright/test/cli.js'), 'test'], {
      cwd: folder,
      stdio: 'ignore',
    });
    child.once('error', reject);
    child.once('exit', resolve);
  });
}

const filesUnder = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: 'utf8' });

describe('a journey that fails once and then passes (the real playwright.config.ts)', () => {
  let exitCode: number | null;
  let stats: { expected: number; unexpected: number; flaky: number };

  beforeAll(async () => {
    exitCode = await runPlaywright();
    stats = JSON.parse(readFileSync(path.join(folder, 'report.json'), 'utf8')).stats;
  }, 60_000);

  it('fails the run: a retry never hides a flaky journey', () => {
    expect(stats).toMatchObject({ expected: 0, flaky: 1 });
    expect(exitCode).toBe(1);
  });

  it('leaves a trace of the retry and a screenshot of the failure to look at', () => {
    const results = filesUnder(path.join(folder, 'results'));
    expect(results.filter((file) => file.endsWith('trace.zip'))).toEqual([expect.stringMatching(/-retry1\//)]);
    expect(results.some((file) => /test-failed-\d+\.png$/.test(file))).toBe(true);
  });
});
