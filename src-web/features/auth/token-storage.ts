import type { TokenSet } from '../../../src-shared/api/identity/types.ts';
import { STORAGE_KEYS } from '../../../src-shared/domain/constants.ts';
import { decodeJwtPayload } from '../../../src-shared/domain/accounts/user.ts';

const KEYS = [STORAGE_KEYS.accessToken, STORAGE_KEYS.idToken, STORAGE_KEYS.refreshToken] as const;

/** The stored tokens, when both the access and the id token exist; one without the other is no session. */
export function readTokens(): TokenSet | null {
  const accessToken = localStorage.getItem(STORAGE_KEYS.accessToken);
  const idToken = localStorage.getItem(STORAGE_KEYS.idToken);
  if (!accessToken || !idToken) return null;
  return { accessToken, idToken, refreshToken: localStorage.getItem(STORAGE_KEYS.refreshToken) ?? '' };
}

/**
 * How far this device's clock runs ahead of the identity service's (ms; negative when behind),
 * kept with the tokens: measured as they arrive, when their `iat` is the service's clock. Their
 * `exp` is moved by it before it is compared with this clock, as amazon-cognito-identity-js
 * does with its clockDrift: a clock an hour fast saw every new token as expired, renewed again
 * and again until the identity service refused, and signed the customer out.
 */
const CLOCK_DRIFT_KEY = 'clockDrift';

export function readClockDrift(): number {
  const drift = Number(localStorage.getItem(CLOCK_DRIFT_KEY));
  return Number.isFinite(drift) ? drift : 0;
}

/** Called as the tokens arrive: their issue time is the service's clock now. */
function clockDriftOf(tokens: TokenSet): number | undefined {
  try {
    const { iat } = decodeJwtPayload(tokens.accessToken) as { iat?: unknown };
    return typeof iat === 'number' ? Date.now() - iat * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps tokens just received (a sign-in or a renewal), with the clock drift they show. */
export function writeTokens(tokens: TokenSet): void {
  const drift = clockDriftOf(tokens);
  if (drift === undefined) localStorage.removeItem(CLOCK_DRIFT_KEY);
  else localStorage.setItem(CLOCK_DRIFT_KEY, String(drift));
  localStorage.setItem(STORAGE_KEYS.accessToken, tokens.accessToken);
  localStorage.setItem(STORAGE_KEYS.idToken, tokens.idToken);
  if (tokens.refreshToken) localStorage.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
}

export function clearTokens(): void {
  for (const key of [...KEYS, CLOCK_DRIFT_KEY]) localStorage.removeItem(key);
}

/** Whether two sessions are the same tokens (a renewal gives new ones). */
export function sameTokens(a: TokenSet, b: TokenSet): boolean {
  return a.accessToken === b.accessToken && a.idToken === b.idToken && a.refreshToken === b.refreshToken;
}

/**
 * Calls `listener` with the stored tokens (null: none) each time another tab of this site
 * changes them: it signed in, renewed or signed out. The browser tells the other tabs only.
 */
export function watchTokens(listener: (tokens: TokenSet | null) => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // A null key is a clear() of the whole storage.
    if (event.storageArea !== localStorage || (event.key !== null && !(KEYS as readonly string[]).includes(event.key))) return;
    listener(readTokens());
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
