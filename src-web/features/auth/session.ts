import type { TokenSet } from '../../../src-shared/api/identity/types.ts';
import { decodeJwtPayload } from '../../../src-shared/domain/accounts/user.ts';
import { readClockDrift } from './token-storage.ts';

/** Renew this long before the first token expires, so no request ever carries a stale one. */
const RENEW_BEFORE_MS = 5 * 60 * 1000;
/** setTimeout's longest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * When the access or id token (whichever is first) expires by this device's clock, in ms since
 * the epoch (their `exp` is the identity service's clock: see readClockDrift); 0 when unknown.
 */
function tokensExpireAt(tokens: TokenSet): number {
  const exp = [tokens.accessToken, tokens.idToken].map((token) => {
    try {
      return (decodeJwtPayload(token).exp ?? 0) * 1000;
    } catch {
      return 0;
    }
  });
  const first = Math.min(...exp);
  return first === 0 ? 0 : first + readClockDrift();
}

/** True when the tokens should be renewed now. */
export function needsRenewal(tokens: TokenSet, now = Date.now()): boolean {
  return tokensExpireAt(tokens) - RENEW_BEFORE_MS <= now;
}

/** Milliseconds until the renewal is due (at least 0). */
export function renewalDelay(tokens: TokenSet, now = Date.now()): number {
  return Math.min(MAX_TIMER_MS, Math.max(0, tokensExpireAt(tokens) - RENEW_BEFORE_MS - now));
}
