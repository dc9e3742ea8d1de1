import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimitStore, createRedisRateLimitStore, openRateLimitStore } from '../../server/http/rate-limit/store.ts';
import { REDIS_URL, redisAvailable, redisRelay, requireInCi } from '../support/redis.ts';
import { captureLog } from '../support/log-capture.ts';
import { startTestServer } from '../support/test-server.ts';
import { contactSubmission } from './support/contact.ts';

describe('the rate-limit store in memory', () => {
  it('counts hits per key and starts a new window once the old one has ended', async () => {
    const store = createMemoryRateLimitStore();
    expect((await store.hit('a', 1000, 10_000)).count).toBe(1);
    expect(await store.hit('a', 1000, 10_400)).toEqual({ count: 2, resetInMs: 600 });
    expect((await store.hit('b', 1000, 10_400)).count).toBe(1);
    expect((await store.hit('a', 1000, 11_000)).count).toBe(1);
  });

  it('counts a hit whose time was read just before the window opened in that window, as the PostgreSQL store does', async () => {
    const store = createMemoryRateLimitStore();
    expect((await store.hit('skew', 60_000, 100_000)).count).toBe(1);
    // Read its clock 5 ms earlier, before a slower caller's: the same window.
    expect((await store.hit('skew', 60_000, 99_995)).count).toBe(2);
    expect((await store.hit('skew', 60_000, 100_001)).count).toBe(3);
    // More than a window's length back: the clock went back, and a new window opens.
    expect(await store.hit('skew', 60_000, 30_000)).toEqual({ count: 1, resetInMs: 60_000 });
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

  it("keeps counting in the instance's memory while Redis is down, so the contact form's limit still holds", async () => {
    const relay = await redisRelay();
    const log = captureLog();
    const server = await startTestServer({
      env: { REDIS_URL: relay.url, CONTACT_RATE_LIMIT_MAX: '2', LOG_LEVEL: 'warn' },
      logStream: log.stream,
    });
    try {
      await relay.cut();
      const statuses: number[] = [];
      for (let n = 0; n < 4; n += 1) {
        const reply = await server.fetch('/api/contact', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(contactSubmission(`redis-down-${n}-${Date.now()}`)),
        });
        statuses.push(reply.status);
      }
      expect(statuses).toEqual([201, 201, 429, 429]);
      expect(log.text()).toContain('rate-limit store (Redis) unavailable');
    } finally {
      await server.close();
    }
  });

  it('sends to a Redis that stopped answering once, then counts in memory without sending until its back-off ends, and in Redis again once it answers', async () => {
    const relay = await redisRelay();
    // The server gives a command 500 ms (openRateLimitStore); this client is quicker to give up.
    const client = new Redis(relay.url, { commandTimeout: 200, maxRetriesPerRequest: 1 });
    client.on('error', () => undefined);
    const store = createRedisRateLimitStore(client, { log, keyPrefix: prefix });
    try {
      expect((await store.hit('silent', 60_000, 1_000)).count).toBe(1);
      relay.stall();
      const sent = relay.bytesReceived();
      // Its connection stays open: ioredis sees nothing wrong and sends, and the command times out.
      expect((await store.hit('silent', 60_000, 2_000)).count).toBe(1);
      expect(client.status).toBe('ready');
      const asked = relay.bytesReceived();
      expect(asked).toBeGreaterThan(sent);
      // Within the first second after the failure: counted in memory, nothing sent.
      expect((await store.hit('silent', 60_000, 2_500)).count).toBe(2);
      expect(relay.bytesReceived()).toBe(asked);
      expect(store.state()).toEqual({ store: 'redis', shared: false, degraded: true });

      relay.resume();
      // Redis's own count: the first hit, and the one that timed out, delivered once the path was back.
      expect((await store.hit('silent', 60_000, 3_000)).count).toBe(3);
      expect(store.state()).toEqual({ store: 'redis', shared: true, degraded: false });
    } finally {
      client.disconnect();
      await relay.cut();
    }
  });

  it('counts in memory, with one warning, when Redis does not answer', async () => {
    const log = captureLog();
    const unreachable = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    unreachable.on('error', () => undefined);
    const store = createRedisRateLimitStore(unreachable, {
      log: pino({ level: 'warn' }, log.stream),
      keyPrefix: prefix,
    });
    expect((await store.hit('down', 60_000, Date.now())).count).toBe(1);
    expect((await store.hit('down', 60_000, Date.now())).count).toBe(2);
    expect(log.lines().map((line) => line.msg)).toEqual([
      "rate-limit store (Redis) unavailable; counting in this instance's memory until it answers",
    ]);
    unreachable.disconnect();
  });
});
