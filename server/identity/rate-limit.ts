import type { RateLimitStore } from '../http/rate-limit/store.ts';

/** Counts requests per key in one-minute windows that open at a key's first request. */
export interface RateLimiter {
  /** Counts one request for `key`; false when it is over `limit` in the current window. */
  allow(key: string, limit: number, nowMs: number): Promise<boolean>;
}

const WINDOW_MS = 60_000;

/** The identity service's limits, counted in the server's store (shared with other instances, server/app.ts). */
export function createRateLimiter(store: RateLimitStore): RateLimiter {
  return {
    async allow(key, limit, nowMs) {
      const { count } = await store.hit(`identity:${key}`, WINDOW_MS, nowMs);
      return count <= limit;
    },
  };
}
