import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ADMIN_TOKEN_TTL_MS } from '../../../src-shared/domain/admin.ts';
import type { Schema } from '../../db/schema.ts';

/**
 * Admin session tokens are split tokens, `selector.verifier`: the selector (96 bits) finds
 * the row, the verifier (256 random bits) is stored only as its SHA-256 and compared in
 * constant time. A random 256-bit secret needs no slow hash: nothing can guess it. Each token
 * carries the session epoch of the password it was issued under, and works only while that
 * epoch is the current one (a password change or "Sign out all" moves it on).
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
  sessionEpoch: number,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const selector = randomBytes(12).toString('base64url');
  const verifier = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ADMIN_TOKEN_TTL_MS);
  await db
    .insertInto('admin_tokens')
    .values({
      selector,
      verifier_hash: sha256(verifier).toString('hex'),
      ip,
      expires_at: expiresAt,
      revoked_at: null,
      session_epoch: sessionEpoch,
    })
    .execute();
  return { token: `${selector}.${verifier}`, expiresAt };
}

/**
 * The session a token stands for, or undefined when it is malformed, unknown, expired, revoked
 * or from an earlier session epoch.
 */
export async function findAdminSession(db: Kysely<Schema>, token: string, now = new Date()): Promise<AdminSession | undefined> {
  const parts = TOKEN_FORMAT.exec(token);
  if (!parts) return undefined;
  const [, selector = '', verifier = ''] = parts;
  const row = await db
    .selectFrom('admin_tokens')
    .innerJoin('admin_credentials', (join) => join.on('admin_credentials.id', '=', 1))
    .select([
      'admin_tokens.verifier_hash',
      'admin_tokens.expires_at',
      'admin_tokens.revoked_at',
      'admin_tokens.session_epoch',
      'admin_credentials.session_epoch as current_epoch',
    ])
    .where('admin_tokens.selector', '=', selector)
    .executeTakeFirst();
  if (!row) return undefined;
  const matches = timingSafeEqual(Buffer.from(row.verifier_hash, 'hex'), sha256(verifier));
  if (!matches || row.revoked_at !== null || row.expires_at.getTime() <= now.getTime()) return undefined;
  if (row.session_epoch !== row.current_epoch) return undefined;
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
