import type { FastifyInstance } from 'fastify';
import type { PublicConfig } from '../../../src-shared/domain/public-config.ts';

/** `GET /api/config`: the public runtime configuration, computed once. Never holds a secret. */
export function registerPublicConfigRoutes(app: FastifyInstance, config: PublicConfig): void {
  const body = JSON.stringify(config);
  app.get('/api/config', { config: { access: 'public' } }, (_request, reply) =>
    reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache').send(body),
  );
}
