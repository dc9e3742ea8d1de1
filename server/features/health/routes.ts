import type { FastifyInstance } from 'fastify';
import type { HealthStatus } from '../../../src-shared/domain/public-config.ts';
import type { Database } from '../../db/database.ts';

/** How long one database round trip answers for every health check that follows it. */
export const HEALTH_CHECK_FRESH_MS = 1000;

/**
 * `GET /api/health`: 200 while the database answers, 503 when it does not. Checks arriving
 * together share one database round trip, and its answer stands for HEALTH_CHECK_FRESH_MS:
 * a busy load balancer's probes then cost the database nothing more than one query a second.
 */
export function registerHealthRoutes(app: FastifyInstance, database: Database): void {
  const bodies = {
    ok: JSON.stringify({ ok: true, db: database.kind } satisfies HealthStatus),
    down: JSON.stringify({ ok: false, db: database.kind } satisfies HealthStatus),
  };
  const databaseAnswers = sharedRecentCheck(() => database.ping(), HEALTH_CHECK_FRESH_MS);
  // Probes come every few seconds from each load balancer: no access-log line for each, only a
  // warning while the database does not answer.
  app.get('/api/health', { config: { access: 'public', accessLog: false } }, async (request, reply) => {
    const ok = await databaseAnswers();
    if (!ok) request.log.warn('health check: the database does not answer');
    return reply
      .status(ok ? 200 : 503)
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(ok ? bodies.ok : bodies.down);
  });
}

/** `check` run at most once at a time, its result reused while younger than `freshMs`. */
function sharedRecentCheck(check: () => Promise<boolean>, freshMs: number): () => Promise<boolean> {
  let last: { at: number; result: Promise<boolean> } | undefined;
  return () => {
    const now = performance.now();
    if (last === undefined || now - last.at >= freshMs) last = { at: now, result: check() };
    return last.result;
  };
}
