import type { FastifyRequest } from 'fastify';
import type { Endpoint } from '../../src-shared/domain/endpoints/endpoint.ts';
import { decodePathParam } from '../../src-shared/domain/endpoints/path-param.ts';

/**
 * A route's method, URL and schemas, taken from its contract in src-shared/domain/endpoints
 * (which the clients build their requests from); the route adds its access, hooks and handler:
 * `api.route({ ...routeOf(contract), config: { access }, handler })`. A route with `:params`
 * also gets the hook that reads them back as the clients wrote them, so it sets no
 * `preValidation` of its own.
 */
export function routeOf<const E extends Endpoint>(contract: E) {
  const { method, path, ...schema } = contract;
  return { method, url: path, schema, ...(contract.params ? { preValidation: decodePathParams } : {}) };
}

/** Ahead of the params schema: each `:param` as the client had it before encodePathParam. */
async function decodePathParams(request: FastifyRequest): Promise<void> {
  const params = request.params as Record<string, string>;
  request.params = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, decodePathParam(value)]));
}
