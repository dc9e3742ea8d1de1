import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Schema } from '../../db/schema.ts';
import { createMemoryRateLimitStore, sharedCounting, type RateLimitStore } from './store.ts';

/**
 * The store for a server without Redis: in PostgreSQL, which every instance on the database
 * shares, so no limit is multiplied by the number of instances; in memory on PGlite, which
 * only the one process that embeds it can open.
 */
export function databaseRateLimitStore(database: Database, log: FastifyBaseLogger): RateLimitStore {
  return database.kind === 'postgres' ? createPostgresRateLimitStore(database.db, log) : createMemoryRateLimitStore();
}

/**
 * Counters in the `rate_limit_windows` table (migration 30). Each hit is one statement that
 * opens the key's window or counts it up, and returns the count: PostgreSQL takes the row's
 * lock for the conflict's update, so hits at the same moment on several instances each get a
 * count of their own and never both pass a limit. No transaction, nothing read first.
 *
 * Keys are stored hashed: some are email addresses (a recipient's mail quota, a sign-in name),
 * others client addresses, and a hash also keeps the key's length bounded.
 *
 * While the database does not answer, hits are counted in this instance's memory and a warning
 * is logged, as the Redis store does during an outage, and the database is left alone for a
 * while (sharedCounting): one that drops packets held each hit for its connection timeout. The
 * retention sweeper deletes the windows that have ended (server/maintenance/retention-sweeper.ts).
 */
export function createPostgresRateLimitStore(db: Kysely<Schema>, log: FastifyBaseLogger): RateLimitStore {
  const counting = sharedCounting('postgres', log);
  return {
    hit(key, windowMs, nowMs) {
      const now = new Date(nowMs);
      const end = new Date(nowMs + windowMs);
      // The rule of opensNewWindow (store.ts): a window that starts more than a window's length
      // after now means the clock went back; one a little after now is the same window.
      const clockWentBack = new Date(nowMs + 2 * windowMs);
      return counting.hit(key, windowMs, nowMs, async () => {
        // A new window when the old one has ended, or the clock went back.
        const { rows } = await sql<{ hits: number; ends_at: Date }>`
          insert into rate_limit_windows as w (key_hash, hits, ends_at) values (${keyHash(key)}, 1, ${end})
          on conflict (key_hash) do update set
            hits = case when w.ends_at <= ${now} or w.ends_at > ${clockWentBack} then 1 else w.hits + 1 end,
            ends_at = case when w.ends_at <= ${now} or w.ends_at > ${clockWentBack} then excluded.ends_at else w.ends_at end
          returning hits, ends_at`.execute(db);
        const row = rows[0];
        if (row === undefined) throw new Error('PostgreSQL answered without a count');
        return { count: row.hits, resetInMs: Math.max(row.ends_at.getTime() - nowMs, 0) };
      });
    },
    state: () => counting.state(),
    // The database is the app's, closed with it.
    close: () => Promise.resolve(),
  };
}

/** The key as its row knows it. */
export function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}
