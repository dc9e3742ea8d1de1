/** Where a tab keeps its pending hosted sign-in: sessionStorage in the browser. */
export interface TabStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The tab's sessionStorage (read when needed: this module also loads where there is none). */
export const sessionTabStorage = (): TabStorage => (globalThis as unknown as { sessionStorage: TabStorage }).sessionStorage;

const KEY = 'hireassist.hostedSignIn';

interface PendingSignIn {
  state: string;
  verifier: string;
  /** The app's own, handed back on the return (the tab leaves the app for the provider meanwhile). */
  appState: string | undefined;
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const randomText = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

/**
 * Starts a hosted (Google/Microsoft) sign-in for this tab: a random `state`, so a callback
 * this tab did not ask for is refused (login CSRF: someone else's code planted in our
 * address), and a PKCE verifier, so a code seen on its way back is useless without it. Both
 * stay in the tab's sessionStorage until the callback; the challenge goes to /authorize.
 */
export async function startHostedSignIn(
  storage: TabStorage,
  appState?: string,
): Promise<{ state: string; codeChallenge: string }> {
  const pending: PendingSignIn = { state: randomText(), verifier: randomText(), appState };
  storage.setItem(KEY, JSON.stringify(pending));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(pending.verifier));
  return { state: pending.state, codeChallenge: base64url(new Uint8Array(digest)) };
}

/** The sign-in this tab started, when `state` is the one it sent; else undefined. */
function pendingSignIn(storage: TabStorage, state: string | null): PendingSignIn | undefined {
  const stored = storage.getItem(KEY);
  if (stored === null || state === null) return undefined;
  try {
    const pending = JSON.parse(stored) as Partial<PendingSignIn>;
    if (pending.state !== state || typeof pending.verifier !== 'string') return undefined;
    return { state, verifier: pending.verifier, appState: typeof pending.appState === 'string' ? pending.appState : undefined };
  } catch {
    return undefined;
  }
}

/**
 * When an address carrying `state` is the return of the sign-in this tab started: the app's
 * own state it was started with. Else undefined: any other address with a `code` (a promo
 * link's ?code=SPRING24) is not one. It does not finish the sign-in.
 */
export function hostedSignInReturn(storage: TabStorage, state: string | null): { appState: string | undefined } | undefined {
  const pending = pendingSignIn(storage, state);
  return pending && { appState: pending.appState };
}

/**
 * The PKCE verifier of the sign-in this tab started, when `state` is the one it sent; else
 * undefined. Used once: the pending sign-in is forgotten either way.
 */
export function finishHostedSignIn(storage: TabStorage, state: string | null): string | undefined {
  const pending = pendingSignIn(storage, state);
  storage.removeItem(KEY);
  return pending?.verifier;
}
