import { createFetchAdminApi, type AdminApi } from '../../src-shared/api/admin/client.ts';
import { createAdminHttp, type AdminHttp, type AdminOutcome } from '../../src-shared/api/admin/transport.ts';
import type { TokenStore } from '../../src-shared/domain/platform.ts';
import type { AdminCall } from '../contract/bridge.ts';
import { knownDeviceAccount, withKnownDevice } from './known-device.ts';
import type { TokenVault } from './token-vault.ts';

/**
 * The admin client of the server the operator chose, with its token in the vault under that
 * server's origin (and the server's known-device cookie beside it, see known-device.ts). Switching servers signs out of the old one first (its token is revoked
 * there, and it and the device cookie are removed from the keychain), so a token never travels to another server.
 */
export interface AdminSession {
  /** Runs one validated admin call; before a server is chosen it answers a failure. */
  call(call: AdminCall): Promise<unknown>;
  /** A streamed GET of the admin API (a CSV export) with the token main holds. */
  download(path: string, signal: AbortSignal): Promise<AdminOutcome<Response>>;
  /**
   * Moves to `origin`: signs out of the current server, then `save`s the address, then connects.
   * When `save` throws, main stays on the old server (signed out), the one the settings still
   * name, and the error is thrown on: the session and the stored address never name two servers.
   * Answers how the old server took the sign-out (its token is forgotten here whatever it said).
   * One at a time: a second started meanwhile would leave the same server (ipc.ts runs them in turn).
   * A sign-in asked for meanwhile is refused, and one answered after it is undone (SIGN_IN_OVERTAKEN).
   */
  switchServer(origin: string, save: () => void): Promise<AdminOutcome<void>>;
}

/**
 * Removes from this computer what the console keeps for `origin`: its admin token and its
 * known-device cookie. Nothing is sent to the server; signing out there is the caller's part.
 */
export async function forgetServer(vault: TokenVault, origin: string): Promise<void> {
  await vault.storeFor(origin).clear();
  await vault.storeFor(knownDeviceAccount(origin)).clear();
}

/** A sign-out's failure when the keychain stopped answering before the token could be read. */
export const KEYCHAIN_LOST_AT_SIGN_OUT =
  'The OS keychain did not answer, so the session could not be read and the server was not told of the sign-out.';

/**
 * A sign-out's failure when the keychain did not answer and the settings could not note the entry
 * for removal at the next launch (a full disk, a read-only profile): the keychain may keep the
 * session, and a later launch on `origin` would sign in with it unasked.
 */
export function keychainKeepsSession(origin: string): string {
  return `The OS keychain did not answer and the console's settings could not be saved, so the session the keychain holds for ${origin} could not be removed: a later launch may sign in with it. Sign out of ${origin} again then, or delete the "HireAssist Console" entry for ${origin} in the keychain.`;
}

/** A sign-in's answer when the console left its server before the server answered it. */
export const SIGN_IN_OVERTAKEN =
  'The console changed servers while signing in, so that sign-in was undone. Sign in to the server now shown.';

/** A sign-in's answer when it was asked for while the console was leaving its server. */
export const SIGN_IN_DURING_SWITCH =
  'The console is changing servers, so the password was not sent. Sign in once the server is shown.';

const SIGNED_OUT: AdminOutcome<void> = { ok: true, value: undefined };

/** What an admin call answers before any server is configured. */
const NO_SERVER: AdminOutcome<never> = { ok: false, reason: 'failed', error: 'Choose the server to connect to first' };

export interface AdminSessionOptions {
  vault: TokenVault;
  serverUrl: string | null;
  /** How main reaches the server: Electron's net.fetch in the app (server-fetch.ts); tests give Node's or a stand-in. */
  fetch: typeof fetch;
}

export function createAdminSession(options: AdminSessionOptions): AdminSession {
  let current: { origin: string; api: AdminApi; http: AdminHttp; tokenStore: TokenStore } | null = null;
  const connect = (origin: string) => {
    const tokenStore = options.vault.storeFor(origin);
    const doFetch = withoutRedirects(options.fetch);
    const deviceFetch = withKnownDevice(doFetch, origin, options.vault.storeFor(knownDeviceAccount(origin)));
    const httpOptions = { baseUrl: origin, tokenStore, fetch: deviceFetch };
    current = { origin, api: createFetchAdminApi(httpOptions), http: createAdminHttp(httpOptions), tokenStore };
  };
  if (options.serverUrl) connect(options.serverUrl);

  /**
   * The shared client's logout, which sends nothing when it finds no token. A keychain that
   * stops answering on that read (locked mid-session) hides a token the server still accepts:
   * that is said, rather than a sign-out reported done that never reached the server. The entry
   * itself is removed at the next launch (token-vault.ts).
   */
  const logout = async (origin: string, api: AdminApi, tokenStore: TokenStore): Promise<AdminOutcome<void>> => {
    const keychainBefore = options.vault.kind() === 'keychain';
    const unreadable = (await tokenStore.read()) === null && keychainBefore && options.vault.kind() === 'memory';
    const outcome = await api.logout();
    if (options.vault.leftInKeychain(origin)) return { ok: false, reason: 'failed', error: keychainKeepsSession(origin) };
    return unreadable ? { ok: false, reason: 'failed', error: KEYCHAIN_LOST_AT_SIGN_OUT } : outcome;
  };

  /** How many times the console has left a server: a sign-in answered after one belongs to a server left. */
  let switches = 0;
  /** Whether a switch is leaving the current server (signing out, saving, forgetting) right now. */
  let leaving = false;
  /**
   * The shared client's login, refused while a switch runs (the password would go to the server
   * being left), and undone when the console left that server before it answered: the switch's
   * own sign-out found no token then, so the server's new session would stay open and its token
   * and device cookie would stay in the keychain under a server the console no longer shows.
   */
  const signIn = async (
    origin: string,
    api: AdminApi,
    tokenStore: TokenStore,
    [password]: [string],
  ): Promise<AdminOutcome<void>> => {
    if (leaving) return { ok: false, reason: 'failed', error: SIGN_IN_DURING_SWITCH };
    const startedAt = switches;
    const outcome = await api.login(password);
    if (!outcome.ok || switches === startedAt) return outcome;
    await logout(origin, api, tokenStore);
    await forgetServer(options.vault, origin);
    return { ok: false, reason: 'failed', error: SIGN_IN_OVERTAKEN };
  };

  return {
    async call({ method, args }) {
      if (!current) return NO_SERVER;
      const { origin, api, tokenStore } = current;
      if (method === 'logout') return logout(origin, api, tokenStore);
      if (method === 'login') return signIn(origin, api, tokenStore, args as [string]);
      // validate answers false without asking the server when no token is stored: nothing to clear then.
      const checksToken = method === 'validate' && (await tokenStore.read()) !== null;
      const outcome = await (api[method] as (...methodArgs: typeof args) => Promise<unknown>)(...args);
      // An expired or revoked token is useless: drop it from the keychain too, not only from the screen.
      // The server says so with a 401, or for validate with 200 {valid: false}, which the shared
      // client passes on without clearing.
      if (isUnauthorized(outcome) || (checksToken && isNoSession(outcome))) await tokenStore.clear();
      return outcome;
    },
    async download(path, signal) {
      if (!current) return NO_SERVER;
      // The server asked, not whichever is current when it answers (a switch may come between).
      const { http, tokenStore } = current;
      const outcome = await http.download(path, signal);
      if (isUnauthorized(outcome)) await tokenStore.clear();
      return outcome;
    },
    async switchServer(origin, save) {
      if (current?.origin === origin) {
        save();
        return SIGNED_OUT;
      }
      switches += 1;
      leaving = true;
      try {
        const left = current;
        const signedOut = left ? await logout(left.origin, left.api, left.tokenStore) : SIGNED_OUT;
        save();
        // Nothing of the server left stays behind: its device cookie goes with its token.
        if (left) await forgetServer(options.vault, left.origin);
        connect(origin);
        return signedOut;
      } finally {
        leaving = false;
      }
    },
  };
}

/** What the operator reads when the server answers an admin request with a redirect. */
export function redirectRefusedText(location: string | null): string {
  const where = location ? ` to ${location.slice(0, 200)}` : '';
  return `The server answered with a redirect${where}, which the console does not follow. Enter the address the server's admin API answers at.`;
}

/**
 * Main's fetch never follows a redirect. fetch() would re-send a login's body, the admin
 * password, to wherever a 307/308 points: another host, or plain http (an https server or proxy
 * redirecting to http), past the https-only rule of server-url.ts. The API never redirects, so
 * a redirect is answered as the server's failure (a 502 with the reason), which every screen shows.
 */
function withoutRedirects(doFetch: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await doFetch(input, { ...init, redirect: 'manual' });
    if (response.status < 300 || response.status >= 400) return response;
    await response.body?.cancel().catch(() => undefined);
    return redirectRefused(response.status, response.headers.get('location'));
  };
}

/** The answer main gives in place of a redirect of the server: its failure, with the reason every screen shows. */
export function redirectRefused(status: number | null, location: string | null): Response {
  console.warn(
    `Refused to follow the server's redirect${status === null ? '' : ` (${status})`} to ${location?.slice(0, 200) ?? 'an address not known'}`,
  );
  return Response.json({ success: false, error: redirectRefusedText(location) }, { status: 502 });
}

function isUnauthorized(outcome: unknown): boolean {
  return typeof outcome === 'object' && outcome !== null && 'reason' in outcome && outcome.reason === 'unauthorized';
}

/** validate's answer when the token does not work: `{ ok: true, value: false }`. */
function isNoSession(outcome: unknown): boolean {
  return (
    typeof outcome === 'object' &&
    outcome !== null &&
    'ok' in outcome &&
    outcome.ok === true &&
    'value' in outcome &&
    outcome.value === false
  );
}
