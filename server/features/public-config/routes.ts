import type { FastifyInstance } from 'fastify';
import { getPublicConfig } from '../../../src-shared/domain/endpoints/public.ts';
import type { PublicConfig } from '../../../src-shared/domain/public-config.ts';
import { serveFixedAnswer, type FastLane, type FixedAnswer } from '../../http/fast-lane.ts';

/**
 * `GET /api/config`: the public runtime configuration, computed once and sent by the fast
 * lane. Never holds a secret. Every page load fetches it, always the same bytes for everyone,
 * so like the health probes it writes no access-log line: the page's own line says it all.
 */
export function registerPublicConfigRoutes(app: FastifyInstance, lane: FastLane, config: PublicConfig): void {
  const answer: FixedAnswer = {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' },
    body: JSON.stringify(config),
  };
  serveFixedAnswer(app, lane, getPublicConfig.path, { access: 'public' }, () => answer);
}
