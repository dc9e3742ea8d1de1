import type { FastifyInstance } from 'fastify';
import type { HealthStatus } from '../../../src-shared/domain/public-config.ts';
import type { Database } from '../../db/database.ts';

/** `GET /api/health`: 200 while the database answers, 503 when it does not. */
export function registerHealthRoutes(app: FastifyInstance, database: Database): void {
  app.get('/api/health', async (_request, reply) => {
    const ok = await database.ping();
    const body: HealthStatus = { ok, db: database.kind };
    return reply
      .status(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
