import { hostedSignInReturn, sessionTabStorage } from '../../../src-shared/api/identity/hosted-sign-in.ts';
import type { SignUpSource } from '../../../src-shared/domain/accounts/api.ts';

/** What the app keeps with a hosted sign-in while the tab is away at the provider. */
interface SignInIntent {
  /** Where to go once signed in (the signed-in page the visitor asked for). */
  returnTo?: string;
  /** Where the dialog was opened, for the sign-up's lead (the server checks it as any other). */
  source?: SignUpSource;
}

/** A hosted (Google/Microsoft) sign-in back in the tab that started it: its code, or the provider's refusal. */
export type HostedReturn = ({ code: string } | { refusal: string }) & { state: string } & SignInIntent;

/** The intent, as the identity client keeps it with the pending sign-in (`appState`). */
export const hostedAppState = (intent: SignInIntent): string => JSON.stringify(intent);

/**
 * The intent kept with the sign-in, its return target only when it is a path of this site:
 * never an address elsewhere, whoever wrote the tab's storage.
 */
function intentOf(appState: string | undefined): SignInIntent {
  try {
    const kept = JSON.parse(appState ?? '{}') as { returnTo?: unknown; source?: unknown };
    return {
      returnTo: sameSitePath(kept.returnTo),
      source: typeof kept.source === 'string' ? (kept.source as SignUpSource) : undefined,
    };
  } catch {
    return {};
  }
}

/** `value` as a path of this site ('/profile?tab=1'), or undefined for anything else ('//elsewhere.example', 'https://…'). */
function sameSitePath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/')) return undefined;
  try {
    // The browser's own reading decides: to it a backslash or a tab after the first slash can
    // make the rest another host.
    const url = new URL(value, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The hosted sign-in the address (`search`) returns from, when this tab started it: its `state`
 * is the pending one. Else null: an address with a `code` or an `error` of its own (a promo
 * link's ?code=SPRING24, a callback someone planted) is no sign-in, and the session and the
 * address stay as they are.
 */
export function hostedReturn(search: string): HostedReturn | null {
  const params = new URLSearchParams(search);
  const state = params.get('state');
  const pending = hostedSignInReturn(sessionTabStorage(), state);
  if (state === null || pending === undefined) return null;
  const intent = intentOf(pending.appState);
  const code = params.get('code');
  if (code) return { state, code, ...intent };
  const refusal = params.get('error');
  return refusal ? { state, refusal, ...intent } : null;
}

/** Takes the sign-in's parameters off the address, so a reload or a shared link does not replay them. */
export function dropHostedReturnFromAddress(): void {
  const params = new URLSearchParams(window.location.search);
  for (const name of ['code', 'state', 'error', 'error_description']) params.delete(name);
  const query = params.toString();
  window.history.replaceState(
    window.history.state,
    '',
    `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`,
  );
}
