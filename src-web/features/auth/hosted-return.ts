import type { IdentityClient, TokenSet } from '../../../src-shared/api/identity/types.ts';
import { phoneDigits } from '../../../src-shared/domain/accounts/phone.ts';
import type { User } from '../../../src-shared/domain/accounts/user.ts';
import type { PublicConfig } from '../../../src-shared/domain/public-config.ts';
import { afterSignUp } from './after-sign-up.ts';
import { intentOf } from './sign-in-intent.ts';

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

/** What finishing a hosted sign-in needs of the session. */
export interface HostedReturnSession {
  /** What the app kept with the sign-in (hostedSignInReturn), read before the exchange finishes it. */
  appState: string | undefined;
  identity(): Promise<IdentityClient>;
  publicConfig(): Promise<PublicConfig>;
  redirectUri: string;
  startSession(tokens: TokenSet): User;
  navigate(path: string): void;
}

/**
 * Finishes the hosted (Google/Microsoft) sign-in the address returns from: this tab's own, as
 * session-context checked before loading this module (no page's first load carries it). The
 * address is cleaned, the code exchanged and the session started, then the visitor goes where
 * they were going. A first social sign-in is the account's sign-up, so its lead and referral
 * follow, as after a confirmed password sign-up. Every social sign-in reports the lead, since
 * only the server knows whether the account had one; the referral follows only when this report
 * recorded it (afterSignUp). Rejects when the provider refused or the exchange failed.
 */
export async function finishHostedReturn(session: HostedReturnSession): Promise<void> {
  const params = new URLSearchParams(window.location.search);
  const state = params.get('state');
  const code = params.get('code');
  const intent = intentOf(session.appState);
  dropHostedReturnFromAddress();
  // Without a code, refused at the provider (declined there, or an unverified address).
  if (!code) throw new Error(`Hosted sign-in refused: ${params.get('error')}`);
  const tokens = await (await session.identity()).exchangeCode(code, state, session.redirectUri);
  const user = session.startSession(tokens);
  if (intent.returnTo) session.navigate(intent.returnTo);
  void afterSignUp(user, tokens.idToken, intent.source ?? 'auth_dialog', phoneDigits(user.phoneNumber), session.publicConfig);
}
