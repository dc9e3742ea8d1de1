import { createServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { storedContactState, submitContact } from './support/contact.ts';
import { createHttpClient } from './support/http-client.ts';
import { openServerData, startServerProcess, temporaryDataDir } from './support/server-process.ts';
import { listenOnLoopbackPort } from '../support/free-port.ts';

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

/** A mail host that accepts connections and never greets, as one behind a dropping firewall does. */
async function silentMailHost(): Promise<{ url: string; connections(): number; close(): Promise<void> }> {
  const held = new Set<Socket>();
  let connections = 0;
  const host = createServer((socket) => {
    connections += 1;
    held.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => held.delete(socket));
  });
  return {
    url: `smtp://127.0.0.1:${await listenOnLoopbackPort(host)}`,
    connections: () => connections,
    close() {
      held.forEach((socket) => socket.destroy());
      return new Promise((resolve) => host.close(() => resolve()));
    },
  };
}

describe('SIGTERM while the mail host does not answer', () => {
  it('gives the mails it had not begun sending back to the outbox, unsent and untried', async () => {
    const dir = await temporaryDataDir();
    cleanups.push(dir.dispose);
    const host = await silentMailHost();
    cleanups.push(host.close);
    const server = await startServerProcess({ DATA_DIR: dir.dataDir, SMTP_URL: host.url });
    cleanups.push(() => server.kill());
    const client = createHttpClient(server.url);
    cleanups.push(async () => client.close());

    // Queued together, so the delivery worker's next round claims them all.
    const statuses = await Promise.all([0, 1, 2].map((n) => submitContact(client, `slow-mail-${n}`)));
    expect(statuses).toEqual([201, 201, 201]);
    const deadline = Date.now() + 15_000;
    while (host.connections() === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(host.connections()).toBeGreaterThan(0);
    server.child.kill('SIGTERM');
    // The mail in hand holds the shutdown until its grace runs out.
    await server.exited;

    const database = await openServerData({ dataDir: dir.dataDir });
    try {
      const mails = await database.db.selectFrom('mail_outbox').select(['status', 'attempts']).orderBy('id').execute();
      expect(mails.length).toBeGreaterThanOrEqual(3);
      console.info(`[shutdown] outbox after SIGTERM: ${JSON.stringify(mails)}`);
      // The others were never begun: they wait in the outbox, their tries uncounted, where
      // before they were left 'sending', to be marked failed later as if they had gone out.
      const untouched = mails.filter((mail) => mail.status === 'queued' && mail.attempts === 0);
      expect(untouched.length).toBe(mails.length - 1);
    } finally {
      await database.close();
    }
  });
});
