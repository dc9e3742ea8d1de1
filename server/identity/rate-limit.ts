import { addressKey } from '../http/rate-limit/address-key.ts';
import type { RateLimitStore } from '../http/rate-limit/store.ts';

/** Counts requests per key in one-minute windows that open at a key's first request. */
export interface RateLimiter {
  /** Counts one request for `key`; false when it is over `limit` in the current window. */
  allow(key: string, limit: number, nowMs: number): Promise<boolean>;
  /**
   * Counts one request from the client at `ip`, an IPv6 client by its /64 (addressKey): one
   * subscriber holds the whole network and would otherwise get a fresh quota per address.
   */
  allowClient(ip: string, limit: number, nowMs: number): Promise<boolean>;
}

const WINDOW_MS = 60_000;

/** The identity service's limits, counted in the server's store (shared with other instances, server/app.ts). */
export function createRateLimiter(store: RateLimitStore): RateLimiter {
  const allow = async (key: string, limit: number, nowMs: number) => {
    const { count } = await store.hit(`identity:${key}`, WINDOW_MS, nowMs);
    return count <= limit;
  };
  return { allow, allowClient: (ip, limit, nowMs) => allow(`ip:${addressKey(ip)}`, limit, nowMs) };
}
