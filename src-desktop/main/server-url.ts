import { isExternalWebUrl } from '../../src-shared/domain/external-url.ts';
import type { SetServerUrlResult } from '../contract/bridge.ts';

/**
 * The operator's server address as the console stores it: an http(s) origin such as
 * https://admin.example.com. A path, query or credentials are refused rather than dropped,
 * so the operator sees what the console will actually talk to.
 */
export function parseServerUrl(input: string): SetServerUrlResult {
  const trimmed = input.trim();
  if (!isExternalWebUrl(trimmed)) {
    return { ok: false, error: 'Enter the server address starting with http:// or https://, such as http://localhost:3000' };
  }
  const url = new URL(trimmed);
  if (url.username || url.password) return { ok: false, error: 'The server address must not contain a user name or password' };
  if (url.pathname !== '/' || url.search || url.hash) {
    return { ok: false, error: `Enter only the server address without a path, such as ${url.origin}` };
  }
  return { ok: true, serverUrl: url.origin };
}
