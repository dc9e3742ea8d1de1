import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { rateLimitPluginOptions } from '../../http/rate-limit/fastify-store.ts';
import type { RateLimitStore } from '../../http/rate-limit/store.ts';
import type { ContactConfig } from './config.ts';

/**
 * Options for @fastify/rate-limit on the contact route: per IP, over a fixed window, counted
 * in the server's rate-limit store (memory for one server, Redis for several).
 */
export function contactRateLimitOptions(config: ContactConfig, store: RateLimitStore): RateLimitPluginOptions {
  return {
    global: false,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowSeconds * 1000,
    keyGenerator: (request) => request.ip,
    ...rateLimitPluginOptions(store, 'contact'),
  };
}
