import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { ContactConfig } from './contact-config.ts';

/**
 * Where the per-IP counters live. In memory suits one server; several servers behind a load
 * balancer share counters in Redis, so a visitor cannot multiply the limit by the number
 * of instances. Passing a Redis client is all it takes.
 */
export type RateLimitBackend = { kind: 'memory' } | { kind: 'redis'; client: Redis };

/** Options for @fastify/rate-limit on the contact route: per IP, over a fixed window. */
export function contactRateLimitOptions(config: ContactConfig, backend: RateLimitBackend): RateLimitPluginOptions {
  return {
    global: false,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowSeconds * 1000,
    keyGenerator: (request) => request.ip,
    ...(backend.kind === 'redis' ? { redis: backend.client, nameSpace: 'hireassist:contact-rate:' } : {}),
  };
}
