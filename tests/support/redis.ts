import { Redis } from 'ioredis';
import { it } from 'vitest';

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
