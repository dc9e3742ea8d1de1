import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { decodePathParam } from '../../src-shared/domain/endpoints/path-param.ts';

/** Each `:param` as the client had it before encodePathParam. */
const decodePathParams: preValidationHookHandler = (request, _reply, done) => {
  const params = request.params as Record<string, string>;
  request.params = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, decodePathParam(value)]));
  done();
};

/**
 * Every route with `:params` reads them back as the clients wrote them (encodePathParam: a '.'
 * or '..' goes out behind a '~', since URL parsers resolve dot segments away). Added to each
 * route as it is declared, ahead of the route's own hooks, so no route leaves it out by having
 * a `preValidation` of its own; after the access check and the text guard, which are registered
 * later and so run first. Must be called before any route is added.
 */
export function registerPathParamDecoding(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.includes(':')) return;
    route.preValidation = [decodePathParams, ...[route.preValidation ?? []].flat()];
  });
}
