import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts the real server, as `npm start` runs it, on the built web app with a fresh data
 * directory. Tests reach it through `baseURL`; the returned function stops it.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hireassist-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The operator's password for the admin journeys (the server would otherwise generate one).
  const adminPassword = process.env.E2E_ADMIN_PASSWORD ?? 'e2e-operator-password';
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: adminPassword,
      // Every journey of the run signs up and mails from this one loopback address.
      MAIL_QUOTA_PER_CLIENT_PER_HOUR: '1000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));

  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`The e2e server at ${url} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  process.env.E2E_BASE_URL = url;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_ADMIN_PASSWORD = adminPassword;

  return async () => {
    server.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
}
