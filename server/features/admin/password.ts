import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
// The operator's password is hashed as the customers' are.
import { ARGON2_OPTIONS } from '../../identity/passwords.ts';

export interface AdminPassword {
  /**
   * The session epoch of the password in use when `candidate` is that password, otherwise
   * undefined. The hash is read from the database at each call, so every instance checks
   * against the same password, even one started with an older ADMIN_PASSWORD. Argon2's
   * verify compares in constant time.
   */
  check(candidate: string): Promise<number | undefined>;
}

/**
 * The admin password, kept in `admin_credentials` as its argon2id hash with a session epoch.
 * With ADMIN_PASSWORD set, the stored hash is replaced when it is not that password's, and the
 * epoch bumped, so every token issued under the old password stops working. Without it, the
 * first start generates a strong password, stores only its hash and hands the password to
 * `announce` once; later starts keep the password last in use.
 */
export async function prepareAdminPassword(options: {
  db: Kysely<Schema>;
  configured: string | undefined;
  announce(password: string): void;
}): Promise<AdminPassword> {
  const { db } = options;
  if (options.configured === undefined) await storeGeneratedIfNone(db, options.announce);
  else await storeConfigured(db, options.configured);
  return {
    async check(candidate) {
      const row = await db
        .selectFrom('admin_credentials')
        .select(['password_hash', 'session_epoch'])
        .where('id', '=', 1)
        .executeTakeFirst();
      return row && (await verifies(row.password_hash, candidate)) ? row.session_epoch : undefined;
    },
  };
}

async function verifies(passwordHash: string, candidate: string): Promise<boolean> {
  try {
    return await verify(passwordHash, candidate);
  } catch {
    return false;
  }
}

/**
 * Makes ADMIN_PASSWORD the stored password. Several instances starting together with the same
 * new password race on one compare-and-set: one replaces the hash and bumps the epoch once, the
 * others then find a hash their password verifies against.
 */
async function storeConfigured(db: Kysely<Schema>, password: string): Promise<void> {
  for (let round = 0; round < 3; round++) {
    const existing = await db.selectFrom('admin_credentials').select('password_hash').where('id', '=', 1).executeTakeFirst();
    if (existing && (await verifies(existing.password_hash, password))) return;
    const fresh = await hash(password, ARGON2_OPTIONS);
    if (!existing) {
      await db
        .insertInto('admin_credentials')
        .values({ id: 1, password_hash: fresh })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
      continue;
    }
    await db
      .updateTable('admin_credentials')
      .set((eb) => ({ password_hash: fresh, session_epoch: eb('session_epoch', '+', 1) }))
      .where('id', '=', 1)
      .where('password_hash', '=', existing.password_hash)
      .execute();
  }
  // Instances started with different passwords at the same moment: the operator must pick one.
  throw new Error('ADMIN_PASSWORD could not be stored: another server is storing a different admin password right now');
}

async function storeGeneratedIfNone(db: Kysely<Schema>, announce: (password: string) => void): Promise<void> {
  const existing = await db.selectFrom('admin_credentials').select('id').where('id', '=', 1).executeTakeFirst();
  if (existing) return;
  // 18 random bytes: 144 bits, 24 URL-safe characters that survive copy and paste.
  const password = randomBytes(18).toString('base64url');
  const inserted = await db
    .insertInto('admin_credentials')
    .values({ id: 1, password_hash: await hash(password, ARGON2_OPTIONS) })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  // Another instance starting at the same moment may have won the race; its password is the one.
  if (inserted) announce(password);
}

/** Bumps the session epoch: every admin token issued so far stops working, on every instance. */
export async function endAllAdminSessions(db: Kysely<Schema>): Promise<void> {
  await db
    .updateTable('admin_credentials')
    .set((eb) => ({ session_epoch: eb('session_epoch', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

/** The banner printed once, to standard error, when a password is generated. */
export function announceGeneratedPassword(password: string): void {
  console.warn(
    [
      '',
      '================================================================',
      ' No ADMIN_PASSWORD is set, so an admin password was generated.',
      ` Admin password: ${password}`,
      ' It is shown only this once; only its hash is stored. To choose',
      ' your own, set ADMIN_PASSWORD and restart.',
      '================================================================',
      '',
    ].join('\n'),
  );
}
