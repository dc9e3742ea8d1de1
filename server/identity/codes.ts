import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/** Six digits from the CSPRNG. */
export function newCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * Codes are stored hashed, salted with what they belong to: the user, the purpose and the
 * address the code was mailed to, so a code proves that address and no other.
 */
export function hashCode(userSub: string, purpose: string, destination: string, code: string): string {
  return createHash('sha256').update(`${userSub}:${purpose}:${destination.toLowerCase()}:${code}`).digest('base64url');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Hash of a high-entropy opaque token (refresh token, authorization code): SHA-256 suffices. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
