import { ADMIN_API_BASE, ADMIN_DEVICE_COOKIE } from '../../src-shared/domain/admin.ts';
import type { TokenStore } from '../../src-shared/domain/platform.ts';

/** The keychain account of a server's known-device cookie (the token's account is the origin itself). */
export function knownDeviceAccount(origin: string): string {
  return `${origin} known device`;
}

/**
 * The fetch of main's admin client, with the server's known-device cookie: sent with every
 * admin request to `origin` (path /api/admin, as the cookie says), and kept whenever the server
 * sets it (each successful login). It lives in main and the keychain beside the token, never
 * in the renderer, and never goes to another server. A device the server knows is exempt from
 * the login lockouts strangers' guesses can cause.
 */
export function withKnownDevice(doFetch: typeof fetch, origin: string, cookieStore: TokenStore): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== origin || !url.pathname.startsWith(`${ADMIN_API_BASE}/`)) return doFetch(input, init);
    const headers = new Headers(init?.headers);
    const cookie = await cookieStore.read();
    if (cookie) headers.set('cookie', `${ADMIN_DEVICE_COOKIE}=${cookie}`);
    const response = await doFetch(input, { ...init, headers });
    const value = deviceCookieIn(response.headers.getSetCookie());
    if (value) await cookieStore.write(value);
    return response;
  };
}

/** The device cookie's value among Set-Cookie headers, if the server set it. */
function deviceCookieIn(setCookies: string[]): string | undefined {
  for (const header of setCookies) {
    const [pair = ''] = header.split(';');
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === ADMIN_DEVICE_COOKIE) {
      const value = pair.slice(separator + 1).trim();
      if (value) return value;
    }
  }
  return undefined;
}
