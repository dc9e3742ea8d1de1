import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * The rate limits' and mail quotas' counters of instances that share a PostgreSQL and no Redis
 * (server/http/rate-limit/postgres-store.ts): kept in each instance's memory, every limit was
 * multiplied by the number of instances. One row per key and window, the key hashed.
 */
export const rateLimitWindows: Migration = {
  id: 30,
  name: 'rate limit windows',
  async up(db) {
    await sql`create table rate_limit_windows (
      key_hash text primary key,
      hits integer not null,
      ends_at timestamptz not null
    )`.execute(db);
    // The retention sweeper deletes the windows that have ended.
    await sql`create index rate_limit_windows_ends_at on rate_limit_windows (ends_at)`.execute(db);
  },
};
