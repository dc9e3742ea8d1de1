import type { ListPage } from '../../domain/admin-lists.ts';
import type { TokenStore } from '../../domain/platform.ts';

/** What an admin call ended with: its value, or why not (the screens pick the fixed message). */
export type AdminOutcome<T> =
  | { ok: true; value: T }
  /** The server could not be reached. */
  | { ok: false; reason: 'network' }
  /** The admin token is missing, expired or revoked: log in again. */
  | { ok: false; reason: 'unauthorized'; error?: string }
  /** The server refused or failed; `error` is its message when it gave one. */
  | { ok: false; reason: 'failed'; error?: string };

export type AdminFailure = Exclude<AdminOutcome<unknown>, { ok: true }>;

export interface AdminHttpOptions {
  /** The server's origin, or '' for the page's own origin. */
  baseUrl: string;
  tokenStore: TokenStore;
  fetch?: typeof fetch;
}

export interface AdminHttp {
  tokenStore: TokenStore;
  /** One JSON request with the stored admin token; never throws. */
  send<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<AdminOutcome<T>>;
  /**
   * A GET whose answer is read as a stream (a CSV export): the response itself when it is a
   * 2xx, the admin token in its Authorization header (never in the URL).
   */
  download(path: string, signal?: AbortSignal): Promise<AdminOutcome<Response>>;
}

/** The fetch-based transport of the web app's admin client. No UI side effects. */
export function createAdminHttp(options: AdminHttpOptions): AdminHttp {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  return {
    tokenStore: options.tokenStore,
    async send<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<AdminOutcome<T>> {
      const token = await options.tokenStore.read();
      const headers: Record<string, string> = { accept: 'application/json' };
      if (token) headers.authorization = `Bearer ${token}`;
      if (body !== undefined) headers['content-type'] = 'application/json';
      let response: Response;
      try {
        response = await doFetch(`${options.baseUrl}${path}`, {
          method,
          headers,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      } catch {
        return { ok: false, reason: 'network' };
      }
      let parsed: unknown;
      try {
        parsed = await response.json();
      } catch {
        parsed = undefined;
      }
      const error = errorOf(parsed);
      if (response.status === 401 && path !== '/api/admin/auth/login') {
        return { ok: false, reason: 'unauthorized', ...(error ? { error } : {}) };
      }
      if (!response.ok) return { ok: false, reason: 'failed', ...(error ? { error } : {}) };
      return { ok: true, value: parsed as T };
    },
    async download(path, signal) {
      const token = await options.tokenStore.read();
      let response: Response;
      try {
        response = await doFetch(`${options.baseUrl}${path}`, {
          headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          ...(signal ? { signal } : {}),
        });
      } catch {
        return { ok: false, reason: 'network' };
      }
      if (response.ok) return { ok: true, value: response };
      const error = errorOf(await response.json().catch(() => undefined));
      const reason = response.status === 401 ? 'unauthorized' : 'failed';
      return { ok: false, reason, ...(error ? { error } : {}) };
    },
  };
}

function errorOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const { error } = body;
  return typeof error === 'string' && error !== '' ? error : undefined;
}

/** The value of a `{success, <key>, error}` reply, or a failure with the server's error. */
export function listFrom<Reply extends { success: boolean; error?: string }, Key extends keyof Reply>(
  outcome: AdminOutcome<Reply>,
  key: Key,
): AdminOutcome<NonNullable<Reply[Key]>> {
  if (!outcome.ok) return outcome;
  const value = outcome.value[key];
  if (!outcome.value.success || value === undefined || value === null) {
    return { ok: false, reason: 'failed', ...(outcome.value.error ? { error: outcome.value.error } : {}) };
  }
  return { ok: true, value: value as NonNullable<Reply[Key]> };
}

/** A page reply (`{success, <key>, nextCursor, total, totalIsEstimate}`) as the page the screens hold. */
export function pageFrom<
  Reply extends {
    success: boolean;
    error?: string;
    nextCursor?: string | null;
    total?: number | null;
    totalIsEstimate?: boolean;
  },
  Key extends keyof Reply,
>(outcome: AdminOutcome<Reply>, key: Key): AdminOutcome<ListPage<NonNullable<Reply[Key]> extends (infer Item)[] ? Item : never>> {
  const items = listFrom(outcome, key);
  if (!items.ok || !outcome.ok) return items as AdminOutcome<never>;
  const reply = outcome.value;
  return {
    ok: true,
    value: {
      items: items.value as never[],
      nextCursor: reply.nextCursor ?? null,
      total: reply.total ?? null,
      totalIsEstimate: reply.totalIsEstimate ?? false,
    },
  };
}

/** A `{success, error}` reply as an outcome without a value. */
export function resultFrom(outcome: AdminOutcome<{ success: boolean; error?: string }>): AdminOutcome<void> {
  if (!outcome.ok) return outcome;
  if (!outcome.value.success)
    return { ok: false, reason: 'failed', ...(outcome.value.error ? { error: outcome.value.error } : {}) };
  return { ok: true, value: undefined };
}
