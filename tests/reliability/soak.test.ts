import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSoakReport, runSoak } from '../../bench/soak/soak.ts';
import { adminToken } from '../support/admin-login.ts';
import { createMinimalWebBuild, type TempTree } from '../support/temp-tree.ts';
import { startServerProcess, temporaryDataDir, type ServerProcess } from './support/server-process.ts';

const SECONDS = 30;
const RATE = 50;
const ADMIN_PASSWORD = 'reliability-admin-password';

/** The bench's soak (bench/soak), short: a real server process under a steady mixed load. */
describe(`a ${SECONDS} s soak at a steady mixed load`, () => {
  let server: ServerProcess;
  let disposeData: () => Promise<void>;
  let build: TempTree;

  beforeAll(async () => {
    const dir = await temporaryDataDir();
    disposeData = dir.dispose;
    // The soak asks for pages; CI makes the real web build only after these tests.
    build = await createMinimalWebBuild();
    server = await startServerProcess(
      { DATA_DIR: dir.dataDir, WEB_DIST_DIR: build.dir, ADMIN_PASSWORD, CONTACT_RATE_LIMIT_MAX: '10000' },
      { memoryProbe: true },
    );
  });
  afterAll(async () => {
    await server?.kill();
    await disposeData?.();
    await build?.remove();
  });

  it('answers every request as expected and grows memory after GC by no more than 10 %', async () => {
    const token = await adminToken(server, ADMIN_PASSWORD);
    const report = await runSoak({
      url: server.url,
      seconds: SECONDS,
      ratePerSecond: RATE,
      adminToken: token,
      memoryAfterGc: () => server.memoryAfterGc(),
    });
    console.info(formatSoakReport(report, SECONDS, RATE));
    expect(report.errorSamples).toEqual([]);
    expect(report.errors).toBe(0);
    // Flat means no growth: memory handed back to the system after the warm-up is no leak.
    expect(report.rssDriftPercent).toBeLessThanOrEqual(10);
    expect(report.heapDriftPercent).toBeLessThanOrEqual(10);
  });
});
