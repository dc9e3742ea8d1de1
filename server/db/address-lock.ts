import { sql, type Kysely } from 'kysely';
import type { Schema } from './schema.ts';

/**
 * Takes, until `trx` ends, the lock of one email address (any case) for one kind of form:
 * submissions from that address are then taken one at a time, so two sent together still see
 * each other (a repeat, a resend) across every instance sharing the database.
 */
export async function lockEmailAddress(trx: Kysely<Schema>, form: string, email: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`${form}:${email.toLowerCase()}`}))`.execute(trx);
}
