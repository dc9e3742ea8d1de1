import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimitStore, createRedisRateLimitStore, openRateLimitStore } from '../../server/http/rate-limit/store.ts';
import { REDIS_URL, redisAvailable, requireInCi } from '../support/redis.ts';

describe('the rate-limit store in memory', () => {
  it('counts hits per key and starts a new window once the old one has ended', async () => {
    const store = createMemoryRateLimitStore();
    expect((await store.hit('a', 1000, 10_000)).count).toBe(1);
    expect(await store.hit('a', 1000, 10_400)).toEqual({ count: 2, resetInMs: 600 });
    expect((await store.hit('b', 1000, 10_400)).count).toBe(1);
    expect((await store.hit('a', 1000, 11_000)).count).toBe(1);
  });
});

const redisReady = await redisAvailable();
requireInCi(redisReady, 'Redis');

describe.runIf(redisReady)('the rate-limit store in Redis', () => {
  const log = pino({ level: 'silent' });
  const prefix = `hireassist-test:${process.pid}:${Date.now()}:`;
  const clients = [new Redis(REDIS_URL), new Redis(REDIS_URL)];
  afterAll(() => clients.forEach((client) => client.disconnect()));

  it('shares one count between instances, even for hits at the same moment', async () => {
    const [first, second] = clients.map((client) => createRedisRateLimitStore(client, { log, keyPrefix: prefix }));
    if (!first || !second) throw new Error('two stores expected');
    const hits = await Promise.all(
      Array.from({ length: 50 }, (_, n) => (n % 2 ? first : second).hit('shared', 60_000, Date.now())),
    );
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, n) => n + 1));
    expect(hits.every((hit) => hit.resetInMs > 0 && hit.resetInMs <= 60_000)).toBe(true);
  });

  it('refuses at start a REDIS_URL whose database Redis refuses, saying why', async () => {
    await expect(openRateLimitStore(`${REDIS_URL}/99`, log)).rejects.toThrow(/DB index is out of range/);
  });

  it('lets requests through, with a warning, when Redis does not answer', async () => {
    const warnings: string[] = [];
    const unreachable = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    unreachable.on('error', () => undefined);
    const store = createRedisRateLimitStore(unreachable, {
      log: pino({ level: 'warn' }, { write: (line: string) => void warnings.push((JSON.parse(line) as { msg: string }).msg) }),
      keyPrefix: prefix,
    });
    expect((await store.hit('down', 60_000, Date.now())).count).toBe(0);
    expect(warnings).toEqual(['rate-limit store (Redis) unavailable; requests are not being limited']);
    unreachable.disconnect();
  });
});
