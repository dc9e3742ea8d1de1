/**
 * `npm run bench soak`: a steady mixed load (pages, API reads, contact messages, admin reads)
 * against a real server process on loopback for SOAK_SECONDS (default 120, at most 600) at
 * SOAK_RATE requests a second (default 100); prints errors, p50/p99 and memory drift after GC.
 */
import { startServerProcess, temporaryDataDir } from '../../tests/reliability/support/server-process.ts';
import { formatSoakReport, runSoak, SOAK_MAX_SECONDS } from './soak.ts';

const seconds = Math.min(Number(process.env.SOAK_SECONDS ?? 120) || 120, SOAK_MAX_SECONDS);
const rate = Number(process.env.SOAK_RATE ?? 100) || 100;
const password = 'soak-bench-admin-password';

const dir = await temporaryDataDir();
const server = await startServerProcess(
  { DATA_DIR: dir.dataDir, ADMIN_PASSWORD: password, CONTACT_RATE_LIMIT_MAX: '10000' },
  { memoryProbe: true },
);
try {
  const login = await fetch(`${server.url}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  const { token } = (await login.json()) as { token: string };
  console.log(`soak: ${seconds} s at ${rate} req/s against ${server.url} (embedded PGlite)`);
  const report = await runSoak({
    url: server.url,
    seconds,
    ratePerSecond: rate,
    adminToken: token,
    memoryAfterGc: () => server.memoryAfterGc(),
    log: (line) => console.log(line),
  });
  console.log(formatSoakReport(report, seconds, rate));
  process.exitCode = report.errors === 0 ? 0 : 1;
} finally {
  await server.kill();
  await dir.dispose();
}
