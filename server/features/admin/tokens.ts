import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ADMIN_TOKEN_TTL_MS } from '../../../src-shared/domain/admin.ts';
import type { Schema } from '../../db/schema.ts';

/**
 * Admin session tokens are split tokens, `selector.verifier`: the selector (96 bits) finds
 * the row, the verifier (256 random bits) is stored only as its SHA-256 and compared in
 * constant time. A random 256-bit secret needs no slow hash: nothing can guess it.
 */
export interface AdminSession {
  selector: string;
  expiresAt: Date;
}

const TOKEN_FORMAT = /^([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

export async function issueAdminToken(
  db: Kysely<Schema>,
  ip: string,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const selector = randomBytes(12).toString('base64url');
  const verifier = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ADMIN_TOKEN_TTL_MS);
  await db
    .insertInto('admin_tokens')
    .values({ selector, verifier_hash: sha256(verifier).toString('hex'), ip, expires_at: expiresAt, revoked_at: null })
    .execute();
  return { token: `${selector}.${verifier}`, expiresAt };
}

/** The session a token stands for, or undefined when it is malformed, unknown, expired or revoked. */
export async function findAdminSession(db: Kysely<Schema>, token: string, now = new Date()): Promise<AdminSession | undefined> {
  const parts = TOKEN_FORMAT.exec(token);
  if (!parts) return undefined;
  const [, selector = '', verifier = ''] = parts;
  const row = await db
    .selectFrom('admin_tokens')
    .select(['verifier_hash', 'expires_at', 'revoked_at'])
    .where('selector', '=', selector)
    .executeTakeFirst();
  if (!row) return undefined;
  const matches = timingSafeEqual(Buffer.from(row.verifier_hash, 'hex'), sha256(verifier));
  if (!matches || row.revoked_at !== null || row.expires_at.getTime() <= now.getTime()) return undefined;
  return { selector, expiresAt: row.expires_at };
}

export async function revokeAdminToken(db: Kysely<Schema>, session: AdminSession): Promise<void> {
  await db.updateTable('admin_tokens').set({ revoked_at: new Date() }).where('selector', '=', session.selector).execute();
}

/** The token of an `Authorization: Bearer <token>` header, if there is one. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}
