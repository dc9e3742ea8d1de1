import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../support/free-port.ts';
import { waitForHealth } from '../../support/health.ts';
import createPgliteTemplates from '../../support/pglite-template.ts';

/**
 * Starts the real server as `npm start` runs it (scripts/start.mjs: the web app and the server
 * built when missing or older than their sources, then the compiled server in plain node, as
 * in production), with a fresh data directory. Tests reach it through `baseURL`; the returned
 * function stops it. The journeys are thus also the test of the server's bundle.
 * Also makes the migrated PGlite template the unit tests use (the workers inherit where it
 * is), so a spec that starts a server of its own copies it instead of running initdb and
 * every migration: 7 to 9 s a server on an idle machine, in each worker that runs the spec.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // Made while the server starts; both are awaited before any worker starts.
  const templates = createPgliteTemplates();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hireassist-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The operator's password for the admin journeys (the server would otherwise generate one).
  const adminPassword = process.env.E2E_ADMIN_PASSWORD ?? 'e2e-operator-password';
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: adminPassword,
      // Every journey of the run signs up, mails, writes to the contact form and applies to the
      // affiliate program from this one loopback address: the default limits (5 contact messages,
      // 10 applications in 10 minutes) are one visitor's.
      MAIL_QUOTA_PER_CLIENT_PER_HOUR: '1000',
      CONTACT_RATE_LIMIT_MAX: '1000',
      AFFILIATES_RATE_LIMIT: '1000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    server.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
    const removeTemplates = await templates;
    await removeTemplates();
  };

  // A minute for the builds when they are stale (about 10 s on two cores), a minute for the start.
  await waitForHealth(url, { timeoutMs: 120_000, exited, intervalMs: 200 }).catch(async (error: unknown) => {
    // A server that never became healthy is stopped too, not left running with its data behind.
    await stop();
    throw new Error(`The e2e server at ${url} did not start`, { cause: error });
  });
  await templates;
  process.env.E2E_BASE_URL = url;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_ADMIN_PASSWORD = adminPassword;
  return stop;
}
