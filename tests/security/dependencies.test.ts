import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * Production dependencies: `npm audit --omit=dev` must report no high or critical advisory
 * unless it is explained in AUDIT_EXCEPTIONS. Where the registry answers but has no advisory
 * endpoint (this machine's mirror answers 405 to the bulk advisory POST), the audit cannot
 * run: the test says so and is skipped, unless SECURITY_AUDIT_REQUIRED=1 (CI with the real
 * registry) makes that a failure. The lockfile checks below run everywhere.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

/** Advisories accepted after review: package name → why it does not affect this product. */
const AUDIT_EXCEPTIONS: Record<string, string> = {};

interface AuditReport {
  vulnerabilities: Record<string, { severity: string; via: unknown[]; range: string }>;
  metadata: { vulnerabilities: Record<string, number> };
}
type AuditAnswer = { kind: 'report'; report: AuditReport } | { kind: 'unavailable'; why: string };

async function audit(): Promise<AuditAnswer> {
  const result = await run('npm', ['audit', '--omit=dev', '--json'], { cwd: ROOT, timeout: 60_000, maxBuffer: 32 << 20 }).catch(
    // npm audit exits 1 when it finds something, and when the endpoint fails: read its JSON either way.
    (error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }),
  );
  let parsed: Partial<AuditReport> & { statusCode?: number; message?: string; error?: { summary?: string; code?: string } };
  try {
    parsed = JSON.parse(result.stdout) as typeof parsed;
  } catch {
    throw new Error(`npm audit printed no JSON: ${result.stdout.slice(0, 500)} ${result.stderr.slice(0, 500)}`);
  }
  if (parsed.vulnerabilities && parsed.metadata) return { kind: 'report', report: parsed as AuditReport };
  const why = parsed.message ?? parsed.error?.summary ?? parsed.error?.code;
  if (why !== undefined && /audit|advisor|405|404|ENOTFOUND|ECONNREFUSED|EAI_AGAIN|ETIMEDOUT|network/i.test(why)) {
    return { kind: 'unavailable', why };
  }
  throw new Error(`npm audit answered something unexpected: ${result.stdout.slice(0, 500)}`);
}

describe('production dependencies', () => {
  it('have no high or critical npm advisory that is not explained', async (context) => {
    const answer = await audit();
    if (answer.kind === 'unavailable') {
      const note = `npm audit could not reach an advisory endpoint from here (${answer.why}); the audit did not run. Run it where the registry's advisory API answers, with SECURITY_AUDIT_REQUIRED=1.`;
      if (process.env.SECURITY_AUDIT_REQUIRED === '1') throw new Error(note);
      console.warn(note);
      context.skip(note);
      return;
    }
    const unexplained = Object.entries(answer.report.vulnerabilities)
      .filter(([name, entry]) => (entry.severity === 'high' || entry.severity === 'critical') && !(name in AUDIT_EXCEPTIONS))
      .map(([name, entry]) => `${name} (${entry.severity}, ${entry.range})`);
    console.info(`npm audit --omit=dev: ${JSON.stringify(answer.report.metadata.vulnerabilities)}`);
    expect(unexplained).toEqual([]);
  });

  it('are all pinned in the lockfile with a sha512 integrity hash, from the npm registry over HTTPS where a URL is kept', async () => {
    const lock = JSON.parse(await readFile(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
      lockfileVersion: number;
      packages: Record<string, { resolved?: string; integrity?: string; dev?: boolean; link?: boolean; optional?: boolean }>;
    };
    expect(lock.lockfileVersion).toBeGreaterThanOrEqual(2);
    const production = Object.entries(lock.packages).filter(([name, entry]) => name !== '' && !entry.dev && !entry.link);
    expect(production.length).toBeGreaterThan(50);
    const unpinned = production
      .filter(
        ([, entry]) =>
          !entry.integrity?.startsWith('sha512-') ||
          (entry.resolved !== undefined && !entry.resolved.startsWith('https://registry.npmjs.org/')),
      )
      .map(([name, entry]) => `${name}: ${entry.resolved ?? 'no resolved URL'}`);
    expect(unpinned).toEqual([]);
  });

  it('name every direct production dependency in the lockfile (nothing installed from outside it)', async () => {
    const manifest = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const lock = JSON.parse(await readFile(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string }>;
    };
    const missing = Object.keys(manifest.dependencies).filter(
      (name) => lock.packages[`node_modules/${name}`]?.version === undefined,
    );
    expect(missing).toEqual([]);
  });
});
