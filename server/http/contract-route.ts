import type { Endpoint } from '../../src-shared/domain/endpoints/endpoint.ts';

/**
 * A route's method, URL and schemas, taken from its contract in src-shared/domain/endpoints
 * (which the clients build their requests from); the route adds its access, hooks and handler:
 * `api.route({ ...routeOf(contract), config: { access }, handler })`.
 */
export function routeOf<const E extends Endpoint>(contract: E) {
  const { method, path, ...schema } = contract;
  return { method, url: path, schema };
}
