import { connect, createServer, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { it } from 'vitest';
import { listenOnLoopbackPort } from './free-port.ts';

/** The machine's Redis (started by .ci/run), or TEST_REDIS_URL. */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether Redis answers; the Redis variants of the tests run only then. */
export async function redisAvailable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * In CI the machine's services are part of the test bed: a suite that needs one that is
 * missing fails with this test instead of being skipped without a word.
 */
export function requireInCi(available: boolean, what: string): void {
  if (available || !process.env.CI) return;
  it(`needs ${what} in CI`, () => {
    throw new Error(`${what} is not available: .ci/run starts it; see the log above for why it did not.`);
  });
}

/** A TCP relay to the machine's Redis that can be cut, as a Redis going down mid-run is. */
export async function redisRelay(): Promise<{ url: string; cut(): Promise<void> }> {
  const target = new URL(REDIS_URL);
  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  const port = await listenOnLoopbackPort(relay);
  return {
    url: `redis://127.0.0.1:${port}`,
    async cut() {
      const closed = new Promise((resolve) => relay.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
