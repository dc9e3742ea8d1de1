import { createHash } from 'node:crypto';
import { sameHash } from '../codes.ts';

/** An S256 challenge: the SHA-256 of the verifier, base64url without padding. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** RFC 7636: 43 to 128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/**
 * Why /authorize refuses this PKCE request, or undefined. Our app client is public (it has no
 * secret), so PKCE is required: without it, a code caught on its way back (a redirect in a
 * log, a malicious extension) could be exchanged by anyone. Only S256: `plain` would send the
 * verifier itself through the browser.
 */
export function checkPkceRequest(challenge: string | undefined, method: string | undefined): string | undefined {
  if (challenge === undefined) return 'code_challenge is required (PKCE with S256).';
  if (method !== 'S256') return 'code_challenge_method must be S256.';
  if (!S256_CHALLENGE.test(challenge)) return 'code_challenge must be a base64url SHA-256 digest (43 characters).';
  return undefined;
}

/** RFC 7636 S256: the verifier must hash to the challenge given at /authorize. */
export function pkceMatches(challenge: string | null, verifier: string | undefined): boolean {
  if (challenge === null || verifier === undefined || !VERIFIER.test(verifier)) return false;
  return sameHash(challenge, createHash('sha256').update(verifier).digest('base64url'));
}
