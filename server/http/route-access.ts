import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onRequestHookHandler,
  preValidationHookHandler,
  RouteOptions,
} from 'fastify';
import { isUnreadableBody } from './body-policy.ts';
import { sendNoStore } from './no-store.ts';

/**
 * Who may call a route, declared on the route itself as `config: { access }`:
 * - `public`: anyone (some public routes show more to an admin, e.g. draft posts);
 * - `user`: a customer's id token (a Bearer header, or `idToken` in the body);
 * - `admin`: the admin bearer token;
 * - `cognito`: the embedded identity service's own protocols (the AWS JSON protocol, OAuth's
 *   userInfo), which authenticate per operation as Cognito does (SigV4 for admin operations,
 *   an access token for the user's own).
 */
export type RouteAccess = 'public' | 'user' | 'admin' | 'cognito';

/** The kinds of access the app checks itself, before anything reads the request. */
export type GuardedAccess = 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export interface RouteTableEntry {
  method: string;
  url: string;
  access: RouteAccess;
  /** The route's request schemas (body, querystring, params), from which the fuzz tests derive their inputs. */
  schema: FastifySchema | undefined;
  /** The route's own body limit in bytes, when it has one (the app's default otherwise). */
  bodyLimit: number | undefined;
}

/**
 * Checks a request's credentials and, when they are missing or invalid, sends the refusal
 * (a 401 with a JSON error) itself; a request it lets through goes on to its route.
 * `from`: where the route carries the token (the headers, or an `idToken` field of the body).
 */
export type Gate = (request: FastifyRequest, reply: FastifyReply, from: 'headers' | 'body') => Promise<void>;

export interface AccessControl {
  /** Every route's method, path and declared access, plugins included. */
  readonly table: readonly RouteTableEntry[];
  /** Sets the check of every route declaring `access` (each kind once, before the server is ready). */
  guard(access: GuardedAccess, gate: Gate): void;
}

/** A route whose body schema has an `idToken` field carries the customer's token there. */
function tokenInBody(route: RouteOptions): boolean {
  const body = route.schema?.body as { properties?: Record<string, unknown> } | undefined;
  return body?.properties?.idToken !== undefined;
}

/**
 * Access control for the whole app, derived from the route table so no route can forget it:
 * - every route must declare its access (`config: { access }`), or adding it throws at start;
 * - every `user` and `admin` route gets its kind's gate as its first hook: at `onRequest`,
 *   before the body is even read, or, when the token travels in the body, first thing after
 *   parsing (`preValidation`, ahead of the text guard and of schema validation; a body that
 *   cannot be parsed has no token, so it gets the same refusal). Without a valid token the
 *   answer is the gate's 401, which says nothing about the body or its schema;
 * - every path under a protected prefix is behind its gate, unknown paths included (a 401
 *   without a token, the usual 404 with one), so probing the admin API reveals nothing;
 * - every answer of a `user` or `admin` route, its 401 and its errors included, says
 *   `Cache-Control: no-store`: it carries its caller's data or a credential, which no shared
 *   or browser cache may keep (a route may still say more, as `private, no-store`);
 * - the server does not start while a kind of access that routes declare has no gate.
 * Must be called before any route is added, and after `registerTextGuard` (both prepend
 * `preValidation` hooks: the later one runs first).
 */
export function registerAccessControl(
  app: FastifyInstance,
  protectedPrefixes: Readonly<Record<string, GuardedAccess>>,
): AccessControl {
  const table: RouteTableEntry[] = [];
  const gates = new Map<GuardedAccess, Gate>();
  const gateOf = (access: GuardedAccess): Gate => {
    const gate = gates.get(access);
    if (!gate) throw new Error(`no gate for "${access}" routes`);
    return gate;
  };

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    const methods = [route.method].flat();
    if (access === undefined) {
      throw new Error(
        `${methods.join(',')} ${route.url} declares no access: add config: { access: 'public' | 'user' | 'admin' | 'cognito' }`,
      );
    }
    for (const method of methods)
      table.push({ method, url: route.url, access, schema: route.schema, bodyLimit: route.bodyLimit });
    if (access !== 'user' && access !== 'admin') return;
    route.onSend = [sendNoStore, ...[route.onSend ?? []].flat()];
    if (access === 'user' && tokenInBody(route)) {
      const check: preValidationHookHandler = (request, reply) => gateOf(access)(request, reply, 'body');
      route.preValidation = [check, ...[route.preValidation ?? []].flat()];
      // A body that cannot be read (broken, too large, another type) holds no token either: the
      // gate's 401, as a request without a token gets, rather than a parse error, a 413 or a
      // 415 that would answer a stranger before authentication. Other errors go on as they were.
      const own = route.errorHandler;
      route.errorHandler = function (error, request, reply) {
        // The body was never set, so the gate finds no token in it.
        if (isUnreadableBody(error)) return gateOf(access)(request, reply, 'body');
        if (own) return own.call(this, error, request, reply);
        throw error;
      };
    } else {
      const check: onRequestHookHandler = (request, reply) => gateOf(access)(request, reply, 'headers');
      route.onRequest = [check, ...[route.onRequest ?? []].flat()];
    }
  });

  app.addHook('onReady', async () => {
    const missing = [...new Set(table.map((route) => route.access))].filter(
      (access): access is GuardedAccess => (access === 'user' || access === 'admin') && !gates.has(access),
    );
    if (missing.length > 0)
      throw new Error(`routes declare access ${missing.join(', ')} but nothing checks it (AccessControl.guard)`);
  });

  // Unknown paths under a protected prefix: behind its gate, then the app's usual 404.
  for (const [prefix, access] of Object.entries(protectedPrefixes)) {
    app.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: `${prefix}*`,
      config: { access },
      handler: (_request, reply) => reply.callNotFound(),
    });
  }

  return {
    table,
    guard(access, gate) {
      if (gates.has(access)) throw new Error(`the gate of "${access}" routes is already set`);
      gates.set(access, gate);
    },
  };
}
