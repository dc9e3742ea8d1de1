import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * How long each "slower path" takes (a real code send, a first affiliate application), as the
 * instances learned it (server/http/even-timing.ts): one that starts, after a deploy or a
 * restart, pads its quicker answers from the first one instead of answering them at once.
 */
export const evenTimings: Migration = {
  id: 36,
  name: 'even timings',
  async up(db) {
    await sql`
      create table even_timings (
        name text primary key,
        expected_ms double precision not null,
        updated_at timestamptz not null
      )`.execute(db);
  },
};
