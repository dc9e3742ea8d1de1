import type { FastifyRateLimitStore, RateLimitPluginOptions } from '@fastify/rate-limit';
import { addressKey } from './address-key.ts';
import type { RateLimitStore } from './store.ts';

/**
 * Options that make @fastify/rate-limit count in `store`, under `namespace` and the route,
 * so its routes share counters across instances exactly like the rest of the server, and key
 * a client as every other per-client limit does (addressKey: an IPv6 client by its /64).
 */
export function rateLimitPluginOptions(store: RateLimitStore, namespace: string): RateLimitPluginOptions {
  class PrefixedStore implements FastifyRateLimitStore {
    constructor(private readonly prefix: string) {}

    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number): void {
      store.hit(`${this.prefix}${key}`, timeWindow, Date.now()).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes its merged limit parameters here, the route under `routeInfo`
      // (its own Redis store reads the same), not the route options its types declare.
      const { routeInfo } = routeOptions as unknown as { routeInfo: { method?: unknown; url?: unknown } };
      return new PrefixedStore(`${this.prefix}${String(routeInfo.method)}${String(routeInfo.url)}:`);
    }
  }
  // The plugin constructs the store itself, with its own options, which this one does not need.
  class NamespaceStore extends PrefixedStore {
    constructor() {
      super(`${namespace}:`);
    }
  }
  return { store: NamespaceStore, keyGenerator: (request) => addressKey(request.ip) };
}
