import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { rateLimitPluginOptions } from '../../http/rate-limit/fastify-store.ts';
import type { RateLimitStore } from '../../http/rate-limit/store.ts';
import type { ContactConfig } from './config.ts';

/**
 * Options for @fastify/rate-limit on the contact route: per IP (an IPv6 client's /64), over a fixed window, counted
 * in the server's rate-limit store (shared by every instance: Redis, or else PostgreSQL).
 *
 * The limit is on messages sent, so only a submission that passed validation counts: a visitor
 * who mistyped their address and sent it again has not used up a message. That is why it runs
 * at preHandler, after schema validation and before the handler stores anything, and skips a
 * request carrying a validation error (the route attaches it rather than answering 400 itself).
 * A skipped request stores nothing and costs no more than any other public route.
 */
export function contactRateLimitOptions(config: ContactConfig, store: RateLimitStore): RateLimitPluginOptions {
  return {
    global: false,
    hook: 'preHandler',
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowSeconds * 1000,
    allowList: (request) => request.validationError !== undefined,
    ...rateLimitPluginOptions(store, 'contact'),
  };
}
