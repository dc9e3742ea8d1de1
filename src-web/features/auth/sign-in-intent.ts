import type { SignUpSource } from '../../../src-shared/domain/accounts/api.ts';

/**
 * What the app keeps with a hosted (Google/Microsoft) sign-in while the tab is away at the
 * provider: SocialButtons writes it, the return (hosted-return.ts) reads it.
 */
interface SignInIntent {
  /** Where to go once signed in (the signed-in page the visitor asked for). */
  returnTo?: string;
  /** Where the dialog was opened, for the sign-up's lead (the server checks it as any other). */
  source?: SignUpSource;
}

/** The intent, as the identity client keeps it with the pending sign-in (`appState`). */
export const hostedAppState = (intent: SignInIntent): string => JSON.stringify(intent);

/**
 * The intent kept with the sign-in, its return target only when it is a path of this site:
 * never an address elsewhere, whoever wrote the tab's storage.
 */
export function intentOf(appState: string | undefined): SignInIntent {
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
