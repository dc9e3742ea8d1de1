import { randomBytes } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';

/** OWASP's argon2id floor: 19 MiB, two passes, one lane. Algorithm 2 is argon2id (a const enum we cannot import). */
const ARGON2_OPTIONS: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export interface AdminPassword {
  /** True when `candidate` is the admin password. Argon2's verify compares in constant time. */
  matches(candidate: string): Promise<boolean>;
}

/**
 * The admin password's verifier. With ADMIN_PASSWORD set, its hash is kept in memory. Without
 * it, the first start generates a strong password, stores only its argon2id hash and hands
 * the password to `announce` once; later starts (and other instances) read the hash.
 */
export async function prepareAdminPassword(options: {
  db: Kysely<Schema>;
  configured: string | undefined;
  announce(password: string): void;
}): Promise<AdminPassword> {
  const storedHash =
    options.configured !== undefined
      ? await hash(options.configured, ARGON2_OPTIONS)
      : await storedOrGeneratedHash(options.db, options.announce);
  return {
    async matches(candidate) {
      try {
        return await verify(storedHash, candidate);
      } catch {
        return false;
      }
    },
  };
}

async function storedOrGeneratedHash(db: Kysely<Schema>, announce: (password: string) => void): Promise<string> {
  const existing = await db.selectFrom('admin_credentials').select('password_hash').where('id', '=', 1).executeTakeFirst();
  if (existing) return existing.password_hash;
  // 18 random bytes: 144 bits, 24 URL-safe characters that survive copy and paste.
  const password = randomBytes(18).toString('base64url');
  const inserted = await db
    .insertInto('admin_credentials')
    .values({ id: 1, password_hash: await hash(password, ARGON2_OPTIONS) })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('password_hash')
    .executeTakeFirst();
  if (inserted) {
    announce(password);
    return inserted.password_hash;
  }
  // Another instance starting at the same moment won the race; its password is the one.
  const winner = await db.selectFrom('admin_credentials').select('password_hash').where('id', '=', 1).executeTakeFirstOrThrow();
  return winner.password_hash;
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
