import { net } from 'electron';
import { redirectRefused } from './admin-session.ts';

/** What net.fetch rejects with when the server redirects a request sent with redirect 'error' (Electron's net-client-request). */
const REDIRECT_REFUSED = /^Attempted to redirect/;

/** RequestInit's `cache`, which net.fetch passes on to Chromium, though Node's RequestInit type leaves it out. */
const NO_STORE: { cache: 'no-store' } = { cache: 'no-store' };

/**
 * Main's fetch for the HireAssist server: Electron's net.fetch, Chromium's network stack, which
 * takes the system's proxy settings and trusts the OS certificate store, as the operator's
 * browser does. Node's fetch knows neither, so behind a company proxy, or with a server whose
 * certificate an internal CA signed, the console could not reach its server. Given to
 * createAdminSession, which adds the token (in a header, never the URL) and the device cookie.
 *
 * - `credentials: 'omit'`: Chromium's cookie jar, a file in userData, neither sends nor keeps
 *   the server's cookies; main sends the known-device cookie itself, from the keychain.
 * - `cache: 'no-store'`: no admin answer (leads, users) is kept in Chromium's disk cache.
 * - `redirect: 'error'`: net.fetch cannot hand a redirect back (with 'manual' it fails the
 *   request), so it refuses one, and the refusal reads as main's answer to any redirect
 *   (admin-session.ts), without the address, which net.fetch does not give.
 */
export function createServerFetch(): typeof fetch {
  return async (input, init) => {
    try {
      return await net.fetch(input instanceof URL ? input.href : input, {
        ...init,
        ...NO_STORE,
        credentials: 'omit',
        redirect: 'error',
      });
    } catch (error) {
      if (error instanceof Error && REDIRECT_REFUSED.test(error.message)) return redirectRefused(null, null);
      throw error;
    }
  };
}
