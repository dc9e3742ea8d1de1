import { isExternalWebUrl } from '../../src-shared/domain/external-url.ts';
import type { SetServerUrlResult } from '../contract/bridge.ts';

/**
 * Whether `hostname` (as URL parses it) is this computer: localhost, 127.0.0.0/8 or [::1].
 * URL has already turned other spellings of IPv4 (2130706433, 0x7f.1) into dotted form.
 */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

export const INSECURE_SERVER_URL =
  'Use an https:// address for this server. http:// is accepted only for a server on this computer (localhost, 127.0.0.1 or [::1]), so that the admin password and session never cross a network unencrypted.';

/**
 * The operator's server address as the console stores it: an https origin such as
 * https://admin.example.com, or an http one on this computer. A path, query or credentials are
 * refused rather than dropped, so the operator sees what the console will actually talk to.
 */
export function parseServerUrl(input: string): SetServerUrlResult {
  const trimmed = input.trim();
  if (!isExternalWebUrl(trimmed)) {
    return {
      ok: false,
      error:
        'Enter the server address starting with https:// (or http:// for a server on this computer), such as https://admin.example.com',
    };
  }
  const url = new URL(trimmed);
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return { ok: false, error: INSECURE_SERVER_URL };
  if (url.username || url.password) return { ok: false, error: 'The server address must not contain a user name or password' };
  if (url.pathname !== '/' || url.search || url.hash) {
    return { ok: false, error: `Enter only the server address without a path, such as ${url.origin}` };
  }
  return { ok: true, serverUrl: url.origin };
}
