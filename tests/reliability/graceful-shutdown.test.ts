import { afterEach, describe, expect, it } from 'vitest';
import { storedContactState, submitContact } from './support/contact.ts';
import { createHttpClient } from './support/http-client.ts';
import { openServerData, startServerProcess, temporaryDataDir } from './support/server-process.ts';

const WORKERS = 12;
/** Steady load before the signal, and the longest the stream may run in all. */
const LOAD_BEFORE_SIGTERM_MS = 3000;
const STREAM_LIMIT_MS = 20_000;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('SIGTERM during a steady stream of contact submissions', () => {
  it('finishes the requests in flight with 2xx, stores every one of them whole, and exits 0', async () => {
    const dir = await temporaryDataDir();
    cleanups.push(dir.dispose);
    const server = await startServerProcess({ DATA_DIR: dir.dataDir, CONTACT_RATE_LIMIT_MAX: '10000' });
    cleanups.push(() => server.kill());
    const client = createHttpClient(server.url, { sockets: WORKERS, timeoutMs: 15_000 });
    cleanups.push(async () => client.close());

    let sigtermAt = Number.POSITIVE_INFINITY;
    const startedAt = Date.now();
    const acknowledged: string[] = [];
    /** Requests sent before the signal and how they ended. */
    const beforeSignal = { answered2xx: 0, other: [] as number[] };
    const afterSignal = new Map<number, number>();
    const worker = async (id: number) => {
      for (let n = 0; Date.now() - startedAt < STREAM_LIMIT_MS; n += 1) {
        const tag = `shutdown-${id}-${n}`;
        const sentAt = Date.now();
        const status = await submitContact(client, tag);
        if (status >= 200 && status < 300) acknowledged.push(`${tag}@example.com`);
        if (sentAt < sigtermAt) {
          if (status >= 200 && status < 300) beforeSignal.answered2xx += 1;
          else beforeSignal.other.push(status);
        } else {
          afterSignal.set(status, (afterSignal.get(status) ?? 0) + 1);
        }
        // Once the server is gone (refused, or told us it is closing) this client stops.
        if (status === 0 || status === 503) return;
      }
    };
    const stream = Promise.all(Array.from({ length: WORKERS }, (_, id) => worker(id)));
    await new Promise((resolve) => setTimeout(resolve, LOAD_BEFORE_SIGTERM_MS));
    sigtermAt = Date.now();
    server.child.kill('SIGTERM');
    await stream;
    const exitCode = await server.exited;
    console.info(
      `[shutdown] sent before SIGTERM: ${beforeSignal.answered2xx} answered 2xx, other ${JSON.stringify(beforeSignal.other)}; ` +
        `after: ${JSON.stringify(Object.fromEntries(afterSignal))}`,
    );

    expect(exitCode).toBe(0);
    expect(beforeSignal.answered2xx).toBeGreaterThan(WORKERS);
    // Every request already sent when the signal came was finished, and finished well.
    expect(beforeSignal.other).toEqual([]);
    // Later ones were served whole (the signal was still on its way), turned away with 503
    // while closing, or refused: never an error.
    expect(
      [...afterSignal.keys()].filter((status) => !(status === 0 || status === 503 || (status >= 200 && status < 300))),
    ).toEqual([]);

    const database = await openServerData({ dataDir: dir.dataDir });
    try {
      const stored = await storedContactState(database);
      expect(acknowledged.filter((email) => !stored.emails.has(email))).toEqual([]);
      expect(stored.halfWritten).toBe(0);
    } finally {
      await database.close();
    }
  });
});
