import type { TokenSet } from '../../../src-shared/api/identity/types.ts';
import { STORAGE_KEYS } from '../../../src-shared/domain/constants.ts';

const KEYS = [STORAGE_KEYS.accessToken, STORAGE_KEYS.idToken, STORAGE_KEYS.refreshToken] as const;

/** The stored tokens, when both the access and the id token exist; one without the other is no session. */
export function readTokens(): TokenSet | null {
  const accessToken = localStorage.getItem(STORAGE_KEYS.accessToken);
  const idToken = localStorage.getItem(STORAGE_KEYS.idToken);
  if (!accessToken || !idToken) return null;
  return { accessToken, idToken, refreshToken: localStorage.getItem(STORAGE_KEYS.refreshToken) ?? '' };
}

export function writeTokens(tokens: TokenSet): void {
  localStorage.setItem(STORAGE_KEYS.accessToken, tokens.accessToken);
  localStorage.setItem(STORAGE_KEYS.idToken, tokens.idToken);
  if (tokens.refreshToken) localStorage.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
}

export function clearTokens(): void {
  for (const key of KEYS) localStorage.removeItem(key);
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
