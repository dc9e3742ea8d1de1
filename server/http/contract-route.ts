import type { Endpoint } from '../../src-shared/domain/endpoints/endpoint.ts';

/**
 * A route's method, URL and schemas, taken from its contract in src-shared/domain/endpoints
 * (which the clients build their requests from); the route adds its access, hooks and handler:
 * `api.route({ ...routeOf(contract), config: { access }, handler })`. Its `:params` are read
 * back as the clients wrote them by registerPathParamDecoding (path-params.ts), for every route.
 */
export function routeOf<const E extends Endpoint>(contract: E) {
  const { method, path, ...schema } = contract;
  return { method, url: path, schema };
}
