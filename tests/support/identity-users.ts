import type { Insertable, Kysely } from 'kysely';
import type { IdentityUsersTable, Schema } from '../../server/db/schema.ts';

type UserRow = Insertable<IdentityUsersTable>;

/**
 * A user to seed a listing straight into `identity_users` (faster than signing a hundred users
 * up): confirmed, enabled, verified, unlocked and with no password (these users never sign in),
 * created `ageMs` before `now`. `fields` names the user and changes whatever a test is about.
 */
export function seededUser(fields: Pick<UserRow, 'username' | 'email'> & Partial<UserRow>, now: number, ageMs = 0): UserRow {
  return {
    email_verified: true,
    pending_email: null,
    given_name: null,
    family_name: null,
    phone_number: null,
    status: 'CONFIRMED',
    enabled: true,
    password_hash: null,
    identities: null,
    failed_sign_ins: 0,
    last_failed_sign_in_at: null,
    locked_until: null,
    created_at: new Date(now - ageMs),
    updated_at: new Date(now),
    ...fields,
  };
}

/**
 * `count` seeded users in one insert, the user at `index` named by `fieldsOf(index)` and created
 * `index` seconds (and `extraMs`) before now, so the oldest is the last.
 */
export async function seedUsers(
  db: Kysely<Schema>,
  count: number,
  fieldsOf: (index: number) => Parameters<typeof seededUser>[0],
  extraMs = 0,
): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('identity_users')
    .values(Array.from({ length: count }, (_, index) => seededUser(fieldsOf(index), now, 1000 * index + extraMs)))
    .execute();
}
