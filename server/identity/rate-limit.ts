/**
 * Counts requests per key in fixed one-minute windows. In memory for one server; the
 * interface is async so a shared store (Redis, for several instances) can implement it.
 */
export interface RateLimiter {
  /** Counts one request for `key`; false when it is over `limit` in the current window. */
  allow(key: string, limit: number, nowMs: number): Promise<boolean>;
}

const WINDOW_MS = 60_000;

export function createMemoryRateLimiter(): RateLimiter {
  let windowStart = 0;
  let counts = new Map<string, number>();
  return {
    allow(key, limit, nowMs) {
      const window = nowMs - (nowMs % WINDOW_MS);
      // A new window forgets the old one whole, so memory stays bounded by one minute's keys.
      if (window !== windowStart) {
        windowStart = window;
        counts = new Map();
      }
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return Promise.resolve(count <= limit);
    },
  };
}
