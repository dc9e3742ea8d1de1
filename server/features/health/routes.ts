import type { FastifyInstance } from 'fastify';
import { getHealth } from '../../../src-shared/domain/endpoints/public.ts';
import type { HealthStatus, RateLimitStoreStatus } from '../../../src-shared/domain/public-config.ts';
import type { Database } from '../../db/database.ts';
import { serveFixedAnswer, type FastLane, type FixedAnswer } from '../../http/fast-lane.ts';
import type { RateLimitStore } from '../../http/rate-limit/store.ts';

/** How long one database round trip answers for every health check that follows it. */
export const HEALTH_CHECK_FRESH_MS = 1000;

/**
 * `GET /api/health`: 200 while the database answers, 503 when it does not. It also says where
 * the rate limits are counted (`rateLimits`: Redis, PostgreSQL or memory, and whether the shared
 * store is degraded), and with REDIS_URL whether Redis answers (`redis`): a Redis outage does not
 * make an instance unfit to serve (its limits are counted in its memory meanwhile), but the
 * operator sees it. The store knows its state from its last hits, without a query. Checks arriving
 * together share one database round trip, and its answer stands for HEALTH_CHECK_FRESH_MS:
 * a busy load balancer's probes then cost the database nothing more than one query a second.
 * While a healthy answer is fresh, probes take the fast lane. Probes come every few seconds
 * from each load balancer: no access-log line for each, only a warning while the database
 * does not answer.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  lane: FastLane,
  database: Database,
  rateLimitStore: Pick<RateLimitStore, 'state'>,
): void {
  const answer = (ok: boolean, rateLimits: RateLimitStoreStatus): FixedAnswer => {
    const redis: Pick<HealthStatus, 'redis'> = rateLimits.store === 'redis' ? { redis: rateLimits.degraded ? 'down' : 'ok' } : {};
    return {
      status: ok ? 200 : 503,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
      body: JSON.stringify({ ok, db: database.kind, ...redis, rateLimits } satisfies HealthStatus),
    };
  };
  // One answer object per state, made when first needed and kept: the fast lane keeps the
  // bytes it wrote for each answer object.
  const answers = new Map<string, FixedAnswer>();
  const databaseAnswers = sharedRecentCheck(() => database.ping(), HEALTH_CHECK_FRESH_MS);
  const toAnswer = (ok: boolean) => {
    if (!ok) app.log.warn('health check: the database does not answer');
    const rateLimits = rateLimitStore.state();
    const key = `${ok}:${rateLimits.store}:${rateLimits.degraded}`;
    const known = answers.get(key) ?? answer(ok, rateLimits);
    answers.set(key, known);
    return known;
  };
  serveFixedAnswer(app, lane, getHealth.path, { access: 'public' }, () => {
    const result = databaseAnswers();
    return typeof result === 'boolean' ? toAnswer(result) : result.then(toAnswer);
  });
}

/**
 * `check` run at most once at a time, its result reused while younger than `freshMs`: the
 * result itself once known, a promise of it before.
 */
function sharedRecentCheck(check: () => Promise<boolean>, freshMs: number): () => boolean | Promise<boolean> {
  let last: { at: number; pending: Promise<boolean>; result?: boolean } | undefined;
  return () => {
    const now = performance.now();
    if (last === undefined || now - last.at >= freshMs) {
      const started: NonNullable<typeof last> = { at: now, pending: check() };
      void started.pending.then((result) => (started.result = result));
      last = started;
    }
    return last.result ?? last.pending;
  };
}
