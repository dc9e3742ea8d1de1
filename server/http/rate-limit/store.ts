import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { RateLimitStoreStatus } from '../../../src-shared/domain/public-config.ts';
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
  /** Where it counts, and whether every instance counts together now (`/api/health`): known without a round trip. */
  state(): RateLimitStoreStatus;
  close(): Promise<void>;
}

/** Keys allowed in memory before expired windows are swept (about 100 bytes each). */
const MEMORY_SWEEP_AT = 100_000;

/**
 * Whether a hit at `nowMs` opens a new window over the key's window that ends at `endsAtMs`: when
 * that one has ended, or starts more than a window's length after the hit (the clock went back;
 * tests move it). One that starts a little after the hit is the same window: parallel hits read
 * their clocks in one order and are counted in another, and instances' clocks differ a little;
 * starting over for those let a burst past the limit. The memory store follows this rule, and so
 * does the PostgreSQL store's statement (postgres-store.ts), so that counting in memory during an
 * outage counts as PostgreSQL does.
 */
function opensNewWindow(endsAtMs: number, windowMs: number, nowMs: number): boolean {
  return endsAtMs <= nowMs || endsAtMs > nowMs + 2 * windowMs;
}

const IN_MEMORY: RateLimitStoreStatus = { store: 'memory', shared: false, degraded: false };

/** Counters in this process: right for one server. */
export function createMemoryRateLimitStore(): RateLimitStore {
  const counters = new Map<string, { count: number; resetAt: number }>();
  return {
    hit(key, windowMs, nowMs) {
      if (counters.size >= MEMORY_SWEEP_AT) {
        for (const [stale, counter] of counters) if (counter.resetAt <= nowMs) counters.delete(stale);
      }
      let counter = counters.get(key);
      if (counter === undefined || opensNewWindow(counter.resetAt, windowMs, nowMs)) {
        counter = { count: 0, resetAt: nowMs + windowMs };
        counters.set(key, counter);
      }
      counter.count += 1;
      return Promise.resolve({ count: counter.count, resetInMs: counter.resetAt - nowMs });
    },
    state: () => IN_MEMORY,
    close: () => Promise.resolve(),
  };
}

/** After a failure, how long a shared store's service is left alone before one hit asks it again. */
const FIRST_PAUSE_MS = 1_000;
/** Each failed retry doubles the pause, up to this. */
const LONGEST_PAUSE_MS = 30_000;

/** A shared store's counting through its service, and in memory while that service does not answer. */
export interface SharedCounting {
  /** Counts the hit with `count` (a round trip to the service), or in memory while the service is taken to be down. */
  hit(key: string, windowMs: number, nowMs: number, count: () => Promise<RateLimitHit>): Promise<RateLimitHit>;
  /** The store's state: degraded from a failure until the service answers again, or while `down` (known otherwise). */
  state(down?: boolean): RateLimitStoreStatus;
}

const SERVICE_NAMES = { redis: 'Redis', postgres: 'PostgreSQL' } as const;

/**
 * What a shared store (`store`) does while its service does not answer: counts in this
 * instance's memory, and says so in a warning, at most one a minute (an outage would otherwise
 * log once per request), and reports itself degraded (`state`, for `/api/health`).
 *
 * After a failure the service is left alone for FIRST_PAUSE_MS: hits are counted in memory
 * without asking it. Then one hit asks it again while the others go on in memory; each retry
 * that fails doubles the pause, up to LONGEST_PAUSE_MS, and one answer ends the outage. Without
 * the pause every hit of an outage waited for the service's timeout before counting in memory,
 * the request with it: 10 s for a PostgreSQL whose host drops packets (its connection timeout,
 * database.ts), 500 ms for a Redis that stopped answering on an open connection. The pause is
 * measured on the hits' clock (`nowMs`), which the windows are counted on too; a hit whose clock
 * is before the failure (tests move the identity service's) asks again.
 */
export function sharedCounting(store: keyof typeof SERVICE_NAMES, log: FastifyBaseLogger): SharedCounting {
  const fallback = createMemoryRateLimitStore();
  let lastWarning: number | undefined;
  /** From a failure until the service answers: when it was last asked in vain, and for how long it is left alone. */
  let outage: { since: number; pauseMs: number } | undefined;
  /** A hit is asking the service again, during an outage: the others do not wait for it. */
  let retrying = false;
  return {
    async hit(key, windowMs, nowMs, count) {
      const retry = outage !== undefined;
      if (outage !== undefined) {
        const paused = nowMs >= outage.since && nowMs < outage.since + outage.pauseMs;
        if (paused || retrying) return fallback.hit(key, windowMs, nowMs);
        retrying = true;
      }
      try {
        const hit = await count();
        outage = undefined;
        return hit;
      } catch (error) {
        // Hits asked before the first failure was known fail with it, and do not lengthen the pause.
        if (outage === undefined) outage = { since: nowMs, pauseMs: FIRST_PAUSE_MS };
        else if (retry) outage = { since: nowMs, pauseMs: Math.min(2 * outage.pauseMs, LONGEST_PAUSE_MS) };
        if (lastWarning === undefined || nowMs - lastWarning > 60_000) {
          lastWarning = nowMs;
          log.warn(
            { err: error },
            `rate-limit store (${SERVICE_NAMES[store]}) unavailable; counting in this instance's memory until it answers`,
          );
        }
        return fallback.hit(key, windowMs, nowMs);
      } finally {
        if (retry) retrying = false;
      }
    },
    state(down = false) {
      const degraded = down || outage !== undefined;
      return { store, shared: !degraded, degraded };
    },
  };
}

/**
 * Counters in Redis, shared by every instance behind the load balancer, so a client cannot
 * multiply a limit by the number of instances. A key is created with its window as expiry
 * and counted up atomically (MULTI), so concurrent hits on several instances never lose one.
 * While Redis does not answer (a command fails or times out, or the client is reconnecting),
 * hits are counted in this instance's memory instead (sharedCounting), and a warning is logged:
 * a Redis outage must not take the contact form or sign-in down with it, nor switch every limit
 * off (the mail quotas would no longer keep the site from being a bulk mailer). Each limit then holds per
 * instance until Redis answers again. Admin login limits and the identity lockout live in the
 * database and are unaffected.
 */
export function createRedisRateLimitStore(
  client: Redis,
  options: { log: FastifyBaseLogger; keyPrefix?: string; ownsClient?: boolean },
): RateLimitStore {
  const prefix = options.keyPrefix ?? 'hireassist:rate:';
  const counting = sharedCounting('redis', options.log);
  return {
    hit(key, windowMs, nowMs) {
      return counting.hit(key, windowMs, nowMs, async () => {
        // Known to be down: no command is sent to wait behind the reconnection.
        if (RECONNECTING.has(client.status)) throw new Error(`Redis connection is ${client.status}`);
        const redisKey = `${prefix}${key}`;
        const results = await client.multi().set(redisKey, 0, 'PX', windowMs, 'NX').incr(redisKey).pttl(redisKey).exec();
        const count = results?.[1]?.[1];
        const ttl = results?.[2]?.[1];
        if (typeof count !== 'number' || typeof ttl !== 'number') throw new Error('Redis answered without counts');
        return { count, resetInMs: Math.max(ttl, 0) };
      });
    },
    // Also degraded while the connection is lost, before a hit has failed.
    state: () => counting.state(client.status !== 'ready'),
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
