import { isHostedSignInReturn, sessionTabStorage } from '../../../src-shared/api/identity/hosted-sign-in.ts';

/** A hosted (Google/Microsoft) sign-in back in the tab that started it: its code, or the provider's refusal. */
export type HostedReturn = { state: string; code: string } | { state: string; refusal: string };

/**
 * The hosted sign-in the address (`search`) returns from, when this tab started it: its `state`
 * is the pending one. Else null: an address with a `code` or an `error` of its own (a promo
 * link's ?code=SPRING24, a callback someone planted) is no sign-in, and the session and the
 * address stay as they are.
 */
export function hostedReturn(search: string): HostedReturn | null {
  const params = new URLSearchParams(search);
  const state = params.get('state');
  if (state === null || !isHostedSignInReturn(sessionTabStorage(), state)) return null;
  const code = params.get('code');
  if (code) return { state, code };
  const refusal = params.get('error');
  return refusal ? { state, refusal } : null;
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
