import { afterEach, describe, expect, it } from 'vitest';
import { submitContact, storedContactState } from './support/contact.ts';
import { createHttpClient } from './support/http-client.ts';
import {
  openServerData,
  startServerProcess,
  stopServer,
  temporaryDataDir,
  temporaryPostgresDatabase,
  TEST_DATABASE_URL,
  type ServerProcess,
} from './support/server-process.ts';

const SUBMISSIONS = 1000;
/** Successful replies seen before the kill: well into the run, well before its end. */
const KILL_AFTER_SUCCESSES = 150;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type Storage = { name: string; open(): Promise<{ env: Record<string, string>; target: { dataDir: string } | { url: string } }> };

const storages: Storage[] = [
  {
    name: 'embedded PGlite',
    async open() {
      const dir = await temporaryDataDir();
      cleanups.push(dir.dispose);
      return { env: { DATA_DIR: dir.dataDir }, target: { dataDir: dir.dataDir } };
    },
  },
  ...(TEST_DATABASE_URL
    ? [
        {
          name: 'PostgreSQL',
          async open() {
            const database = await temporaryPostgresDatabase();
            cleanups.push(database.dispose);
            return { env: { DATABASE_URL: database.url }, target: { url: database.url } };
          },
        },
      ]
    : []),
];

describe.each(storages)('kill -9 during 1,000 concurrent contact submissions ($name)', (storage) => {
  it('keeps every submission that was answered with a success, whole, and restarts on the same data', async () => {
    const { env, target } = await storage.open();
    const serverEnv = { ...env, CONTACT_RATE_LIMIT_MAX: '10000' };
    const server: ServerProcess = await startServerProcess(serverEnv);
    cleanups.push(() => server.kill());

    const client = createHttpClient(server.url, { sockets: SUBMISSIONS, timeoutMs: 30_000 });
    cleanups.push(async () => client.close());
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    const run = `crash${Date.now().toString(36)}`;
    await Promise.all(
      Array.from({ length: SUBMISSIONS }, async (_, index) => {
        const tag = `${run}-${index}`;
        const status = await submitContact(client, tag);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 200 && status < 300) {
          acknowledged.push(`${tag}@example.com`);
          if (acknowledged.length === KILL_AFTER_SUCCESSES) server.child.kill('SIGKILL');
        }
      }),
    );
    await server.exited;
    const failedConnections = statuses.get(0) ?? 0;
    console.info(`[crash ${storage.name}] replies by status: ${JSON.stringify(Object.fromEntries(statuses))}`);
    // The kill really came mid-run: some were answered, some never were; nothing else was refused.
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_SUCCESSES);
    expect(failedConnections).toBeGreaterThan(0);
    expect(acknowledged.length + failedConnections).toBe(SUBMISSIONS);

    // The same data opens again and the server answers.
    const restarted = await startServerProcess(serverEnv);
    cleanups.push(() => restarted.kill());
    expect((await fetch(`${restarted.url}/api/health`)).status).toBe(200);
    expect(await stopServer(restarted)).toBe(0);

    const database = await openServerData(target);
    try {
      const stored = await storedContactState(database);
      const lost = acknowledged.filter((email) => !stored.emails.has(email));
      console.info(
        `[crash ${storage.name}] acknowledged ${acknowledged.length}, stored ${stored.emails.size}, lost ${lost.length}`,
      );
      expect(lost).toEqual([]);
      expect(stored.halfWritten).toBe(0);
    } finally {
      await database.close();
    }
  });
});
