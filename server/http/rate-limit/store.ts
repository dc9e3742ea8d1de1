import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { hostAndPort, ServiceUnreachable } from '../../config/unreachable.ts';

/** One counted hit: how many hits the key has in the current window, and when the window ends. */
export interface RateLimitHit {
  count: number;
  resetInMs: number;
}

/**
 * Where every rate limiter of the server keeps its counters (contact, affiliates, the
 * identity service's per-address and per-user limits). Fixed windows that start at a key's
 * first hit, like @fastify/rate-limit's own stores.
 */
export interface RateLimitStore {
  /** Counts one hit for `key` at `nowMs`; a key's window opens at its first hit and lasts `windowMs`. */
  hit(key: string, windowMs: number, nowMs: number): Promise<RateLimitHit>;
  /** Redis only: whether it is connected now ('down': this instance counts alone meanwhile). */
  redisStatus?(): 'ok' | 'down';
  close(): Promise<void>;
}

/** Keys allowed in memory before expired windows are swept (about 100 bytes each). */
const MEMORY_SWEEP_AT = 100_000;

/** Counters in this process: right for one server. */
export function createMemoryRateLimitStore(): RateLimitStore {
  const counters = new Map<string, { count: number; resetAt: number }>();
  return {
    hit(key, windowMs, nowMs) {
      if (counters.size >= MEMORY_SWEEP_AT) {
        for (const [stale, counter] of counters) if (counter.resetAt <= nowMs) counters.delete(stale);
      }
      let counter = counters.get(key);
      // Also a new window when the clock went back past the window's start (tests move it).
      if (counter === undefined || counter.resetAt <= nowMs || counter.resetAt - windowMs > nowMs) {
        counter = { count: 0, resetAt: nowMs + windowMs };
        counters.set(key, counter);
      }
      counter.count += 1;
      return Promise.resolve({ count: counter.count, resetInMs: counter.resetAt - nowMs });
    },
    close: () => Promise.resolve(),
  };
}

/** Counts a hit in memory, for a shared store whose service failed to count it (`error`). */
export type LocalFallback = (error: unknown, key: string, windowMs: number, nowMs: number) => Promise<RateLimitHit>;

/**
 * What a shared store does while its service (`service`, as the warning names it) does not
 * answer: counts in this instance's memory, and says so in a warning, at most one a minute
 * (an outage would otherwise log once per request).
 */
export function localFallback(service: string, log: FastifyBaseLogger): LocalFallback {
  const fallback = createMemoryRateLimitStore();
  let lastWarning: number | undefined;
  return (error, key, windowMs, nowMs) => {
    if (lastWarning === undefined || nowMs - lastWarning > 60_000) {
      lastWarning = nowMs;
      log.warn({ err: error }, `rate-limit store (${service}) unavailable; counting in this instance's memory until it answers`);
    }
    return fallback.hit(key, windowMs, nowMs);
  };
}

/**
 * Counters in Redis, shared by every instance behind the load balancer, so a client cannot
 * multiply a limit by the number of instances. A key is created with its window as expiry
 * and counted up atomically (MULTI), so concurrent hits on several instances never lose one.
 * While Redis does not answer (a command fails or times out, or the client is reconnecting),
 * hits are counted in this instance's memory instead, and a warning is logged: a Redis outage
 * must not take the contact form or sign-in down with it, nor switch every limit off (the mail
 * quotas would no longer keep the site from being a bulk mailer). Each limit then holds per
 * instance until Redis answers again. Admin login limits and the identity lockout live in the
 * database and are unaffected.
 */
export function createRedisRateLimitStore(
  client: Redis,
  options: { log: FastifyBaseLogger; keyPrefix?: string; ownsClient?: boolean },
): RateLimitStore {
  const prefix = options.keyPrefix ?? 'hireassist:rate:';
  const countLocally = localFallback('Redis', options.log);
  return {
    async hit(key, windowMs, nowMs) {
      // Known to be down: no command is sent to wait behind the reconnection.
      if (RECONNECTING.has(client.status))
        return countLocally(new Error(`Redis connection is ${client.status}`), key, windowMs, nowMs);
      const redisKey = `${prefix}${key}`;
      try {
        const results = await client.multi().set(redisKey, 0, 'PX', windowMs, 'NX').incr(redisKey).pttl(redisKey).exec();
        const count = results?.[1]?.[1];
        const ttl = results?.[2]?.[1];
        if (typeof count !== 'number' || typeof ttl !== 'number') throw new Error('Redis answered without counts');
        return { count, resetInMs: Math.max(ttl, 0) };
      } catch (error) {
        return countLocally(error, key, windowMs, nowMs);
      }
    },
    redisStatus: () => (client.status === 'ready' ? 'ok' : 'down'),
    async close() {
      if (options.ownsClient) await client.quit().catch(() => client.disconnect());
    },
  };
}

/** ioredis's states of a connection that was lost and is not back yet. */
const RECONNECTING: ReadonlySet<string> = new Set(['reconnecting', 'close', 'end']);

/** How long the start waits for Redis to answer PING. */
const START_PING_TIMEOUT_MS = 3_000;

/**
 * The Redis store at `redisUrl` (REDIS_URL). Redis must answer PING within START_PING_TIMEOUT_MS,
 * or this throws ServiceUnreachable: the store counts in memory while Redis is down, which is
 * right for an outage that begins later but would make a wrong REDIS_URL quietly turn every
 * shared limit into a per-instance one. Without Redis the database keeps the counters
 * (postgres-store.ts).
 */
export async function openRateLimitStore(redisUrl: string, log: FastifyBaseLogger): Promise<RateLimitStore> {
  // Imported only with REDIS_URL: a server without Redis never loads ioredis.
  const { Redis } = await import('ioredis');
  const client = new Redis(redisUrl, {
    // Fail a command fast instead of queueing it behind reconnects: the request is waiting.
    commandTimeout: 500,
    maxRetriesPerRequest: 1,
    lazyConnect: true,
  });
  let lastError: unknown;
  client.on('error', (error) => {
    // After start, reported by the store when a hit fails; ioredis reconnects by itself.
    lastError = error;
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${START_PING_TIMEOUT_MS / 1000} seconds`)),
      START_PING_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([client.connect().then(() => client.ping()), deadline]);
    // ioredis reports a SELECT the server refused (a database index out of range) and goes on.
    if (lastError !== undefined) throw lastError;
  } catch (error) {
    client.disconnect();
    // The connection's own error (refused, wrong password) says more than "Connection is closed".
    throw new ServiceUnreachable(hostAndPort(new URL(redisUrl), 6379), lastError ?? error);
  } finally {
    clearTimeout(timer);
  }
  return createRedisRateLimitStore(client, { log, ownsClient: true });
}
