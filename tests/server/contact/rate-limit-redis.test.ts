import Fastify from 'fastify';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerContactRoutes } from '../../../server/features/contact/routes.ts';
import { registerErrorPolicy } from '../../../server/http/errors.ts';
import { createRedisRateLimitStore } from '../../../server/http/rate-limit/store.ts';
import { createMailer } from '../../../server/mail/mailer.ts';
import { openTestDatabase } from '../../support/test-server.ts';
import { REDIS_URL, redisAvailable } from '../../support/redis.ts';

/**
 * Two server instances behind one load balancer: with the counters in Redis, a visitor gets
 * the limit once in total, not once per instance. (Runs when Redis answers on 127.0.0.1.)
 */
describe.runIf(await redisAvailable())('the contact rate limit with its counters in Redis', () => {
  type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;
  let database: TestDatabase;
  const clients: Redis[] = [];
  const instances: ReturnType<typeof Fastify>[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    const mailer = createMailer({ db: database.db, log: pino({ level: 'silent' }), deliveryConfigured: false });
    const keyPrefix = `hireassist-test-${process.pid}-${Date.now()}:`;
    for (let i = 0; i < 2; i += 1) {
      const client = new Redis(REDIS_URL, { keyPrefix });
      clients.push(client);
      const app = Fastify({ ajv: { customOptions: { removeAdditional: false } } });
      registerErrorPolicy(app);
      registerContactRoutes(app, {
        db: database.db,
        mailer,
        notifyTo: 'sales@hireassist.example',
        config: { rateLimit: { max: 3, windowSeconds: 60 } },
        rateLimitStore: createRedisRateLimitStore(client, { log: pino({ level: 'silent' }) }),
      });
      await app.ready();
      instances.push(app);
    }
  });
  afterAll(async () => {
    await Promise.all(instances.map((app) => app.close()));
    for (const client of clients) client.disconnect();
    await database.dispose();
  });

  it('shares one count between the instances, of the messages that pass validation only', async () => {
    const send = (app: ReturnType<typeof Fastify>, email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: '203.0.113.7',
        payload: { name: 'Ada', email, message: 'Hello' },
      });
    const statuses = [];
    for (const [app, email] of [
      [instances[0], 'not-an-address'],
      [instances[0], 'ada@example.com'],
      [instances[1], 'not-an-address'],
      [instances[1], 'ada@example.com'],
      [instances[0], 'ada@example.com'],
      [instances[1], 'ada@example.com'],
    ] as const)
      if (app) statuses.push((await send(app, email)).statusCode);
    expect(statuses).toEqual([400, 201, 400, 201, 201, 429]);
  });
});
