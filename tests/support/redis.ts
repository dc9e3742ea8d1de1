import { Redis } from 'ioredis';
import { it } from 'vitest';
import { tcpRelay, type TcpRelay } from './tcp-relay.ts';

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

/** A relay to the machine's Redis (tcp-relay.ts), and its address, for a Redis that goes down or silent mid-run. */
export async function redisRelay(): Promise<TcpRelay & { url: string }> {
  const target = new URL(REDIS_URL);
  const relay = await tcpRelay(target.hostname, Number(target.port || 6379));
  return { ...relay, url: `redis://127.0.0.1:${relay.port}` };
}
