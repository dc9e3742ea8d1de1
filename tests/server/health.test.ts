import { describe, expect, it, vi } from 'vitest';
import { HEALTH_CHECK_FRESH_MS } from '../../server/features/health/routes.ts';
import { captureLog } from '../support/log-capture.ts';
import { redisAvailable, redisRelay } from '../support/redis.ts';
import { startTestServer } from '../support/test-server.ts';
import { contactSubmission } from '../reliability/support/contact.ts';

const redisReady = await redisAvailable();
/** Without REDIS_URL on the embedded database: one instance, its counters in its memory. */
const inMemory = { store: 'memory', shared: false, degraded: false };

describe('GET /api/health', () => {
  it('reports ok on the embedded database, and that its limits are counted in its memory', async () => {
    const server = await startTestServer();
    try {
      const response = await server.fetch('/api/health');
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ ok: true, db: 'pglite', rateLimits: inMemory });
    } finally {
      await server.close();
    }
  });

  it('answers 503 with ok false when the database is gone, and logs a warning', async () => {
    const log = captureLog();
    const server = await startTestServer({ env: { LOG_LEVEL: 'info' }, logStream: log.stream });
    try {
      await server.app.database.close();
      const response = await server.fetch('/api/health');
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ ok: false, db: 'pglite', rateLimits: inMemory });
      expect(log.text()).toContain('health check: the database does not answer');
    } finally {
      await server.close();
    }
  });

  it('answers a burst of probes with one database query, and notices an outage once that answer is stale', async () => {
    const server = await startTestServer();
    try {
      const ping = vi.spyOn(server.app.database, 'ping');
      const replies = await Promise.all(Array.from({ length: 20 }, () => server.fetch('/api/health')));
      expect(replies.map((reply) => reply.status)).toEqual(Array(20).fill(200));
      expect(ping.mock.calls.length).toBeLessThan(20);

      await server.app.database.close();
      await new Promise((resolve) => setTimeout(resolve, HEALTH_CHECK_FRESH_MS + 50));
      const response = await server.fetch('/api/health');
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ ok: false, db: 'pglite', rateLimits: inMemory });
    } finally {
      await server.close();
    }
  });

  it.runIf(redisReady)('says when Redis is down, staying 200 as the instance still serves', async () => {
    const relay = await redisRelay();
    const server = await startTestServer({ env: { REDIS_URL: relay.url } });
    try {
      expect(await (await server.fetch('/api/health')).json()).toEqual({
        ok: true,
        db: 'pglite',
        redis: 'ok',
        rateLimits: { store: 'redis', shared: true, degraded: false },
      });
      await relay.cut();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const response = await server.fetch('/api/health');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        ok: true,
        db: 'pglite',
        redis: 'down',
        rateLimits: { store: 'redis', shared: false, degraded: true },
      });
    } finally {
      await server.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('reports ok on PostgreSQL', async () => {
    const server = await startTestServer({ postgres: true });
    try {
      expect(await (await server.fetch('/api/health')).json()).toEqual({
        ok: true,
        db: 'postgres',
        rateLimits: { store: 'postgres', shared: true, degraded: false },
      });
    } finally {
      await server.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'says when the limits are counted in memory because PostgreSQL does not answer',
    async () => {
      const server = await startTestServer({ postgres: true });
      try {
        await server.app.database.close();
        // A hit the store cannot count in PostgreSQL (the message itself then fails to be stored).
        await server.fetch('/api/contact', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(contactSubmission(`health-${Date.now()}`)),
        });
        const response = await server.fetch('/api/health');
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({
          ok: false,
          db: 'postgres',
          rateLimits: { store: 'postgres', shared: false, degraded: true },
        });
      } finally {
        await server.close();
      }
    },
  );
});

describe('GET /api/config', () => {
  it('tells the browser the site URL and release, and nothing secret', async () => {
    const server = await startTestServer({
      env: { PUBLIC_URL: 'https://hireassist.example', DATABASE_URL: 'postgres://app:s3cret@db/hireassist' },
    });
    try {
      const response = await server.fetch('/api/config');
      const text = await response.text();
      // Each service adds its own public section; these two are the foundation's.
      expect(JSON.parse(text)).toMatchObject({ siteUrl: 'https://hireassist.example', version: expect.any(String) });
      expect(text).not.toContain('s3cret');
    } finally {
      await server.close();
    }
  });
});
