import type { FastifyInstance, FastifySchema } from 'fastify';

/**
 * Who may call a route, declared on the route itself as `config: { access }`:
 * - `public`: anyone (some public routes show more to an admin, e.g. draft posts);
 * - `user`: a customer's Cognito token (id token in the body or a Bearer access/id token);
 * - `admin`: the admin bearer token;
 * - `cognito`: the embedded identity service's AWS protocol, which authenticates per operation
 *   (SigV4 for admin operations, an access token for the user's own operations), as Cognito does.
 */
export type RouteAccess = 'public' | 'user' | 'admin' | 'cognito';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export interface RouteTableEntry {
  method: string;
  url: string;
  /** Undefined when the route declares nothing: the security tests fail on such a route. */
  access: RouteAccess | undefined;
  /** The route's request schemas (body, querystring, params), from which the fuzz tests derive their inputs. */
  schema: FastifySchema | undefined;
}

/**
 * Records every route as it is added (plugins included), with its declared access, so the
 * authorization tests are generated from the server's own table and no route escapes them.
 * Must be called before any route or plugin is registered.
 */
export function recordRouteTable(app: FastifyInstance): readonly RouteTableEntry[] {
  const table: RouteTableEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      table.push({ method, url: route.url, access: route.config?.access, schema: route.schema });
  });
  return table;
}
