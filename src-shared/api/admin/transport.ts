import type { ListPage } from '../../domain/admin-lists.ts';
import { adminLogin } from '../../domain/endpoints/admin.ts';
import type { Endpoint } from '../../domain/endpoints/endpoint.ts';
import type { TokenStore } from '../../domain/platform.ts';
import { ANSWER_TIMEOUT_MS, answerDeadline } from '../answer-deadline.ts';
import { callEndpoint, errorOf, type EndpointAnswer, type EndpointInput } from '../endpoint.ts';
import { stopWhenIdle } from './export-idle.ts';

/** What an admin call ended with: its value, or why not (the screens pick the fixed message). */
export type AdminOutcome<T> =
  | { ok: true; value: T }
  /** The server could not be reached. */
  | { ok: false; reason: 'network' }
  /** The admin token is missing, expired or revoked: log in again. */
  | { ok: false; reason: 'unauthorized'; error?: string }
  /**
   * The server refused or failed; `error` is its message when it gave one, `status` its HTTP status when it
   * answered at all (a login's 401 is a wrong password, its 429 a lockout, a 5xx the server's own failure).
   */
  | { ok: false; reason: 'failed'; error?: string; status?: number };

export type AdminFailure = Exclude<AdminOutcome<unknown>, { ok: true }>;

export interface AdminHttpOptions {
  /** The server's origin, or '' for the page's own origin. */
  baseUrl: string;
  tokenStore: TokenStore;
  fetch?: typeof fetch;
  /** How long a request waits for its answer; ANSWER_TIMEOUT_MS unless given (for an export, for its start). */
  answerTimeoutMs?: number;
}

export const ADMIN_ANSWER_TIMEOUT_TEXT =
  'The server did not answer within 30 seconds. Check that it is running and reachable, then try again.';

const overdue = { ok: false, reason: 'failed', error: ADMIN_ANSWER_TIMEOUT_TEXT } as const;

export interface AdminHttp {
  tokenStore: TokenStore;
  /** One JSON request of an endpoint (its contract, and its params, query and body) with the stored admin token; never throws. */
  send<E extends Endpoint>(contract: E, ...input: InputArgs<E>): Promise<AdminOutcome<EndpointAnswer<E>>>;
  /**
   * A GET whose answer is read as a stream (a CSV export): the response when it is a 2xx, its
   * body failing with ExportStalledError should the server fall silent (export-idle.ts); the
   * admin token in its Authorization header (never in the URL).
   */
  download(path: string, signal?: AbortSignal): Promise<AdminOutcome<Response>>;
}

/** The fetch-based transport of the web app's admin client. No UI side effects. */
export function createAdminHttp(options: AdminHttpOptions): AdminHttp {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.answerTimeoutMs ?? ANSWER_TIMEOUT_MS;
  return {
    tokenStore: options.tokenStore,
    async send<E extends Endpoint>(contract: E, ...[input]: InputArgs<E>): Promise<AdminOutcome<EndpointAnswer<E>>> {
      const token = await options.tokenStore.read();
      const deadline = answerDeadline(timeoutMs);
      let answer;
      try {
        answer = await callEndpoint(contract, input ?? ({} as EndpointInput<E>), {
          fetch: doFetch,
          baseUrl: options.baseUrl,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          signal: deadline.signal,
        });
      } catch {
        return deadline.expired() ? overdue : { ok: false, reason: 'network' };
      } finally {
        deadline.clear();
      }
      if (answer.ok) return { ok: true, value: answer.body };
      const error = errorOf(answer.body);
      // A refused login is a wrong password, not a dead session.
      if (answer.status === 401 && (contract as Endpoint) !== adminLogin) {
        return { ok: false, reason: 'unauthorized', ...(error ? { error } : {}) };
      }
      return { ok: false, reason: 'failed', status: answer.status, ...(error ? { error } : {}) };
    },
    async download(path, signal) {
      const token = await options.tokenStore.read();
      const deadline = answerDeadline(timeoutMs, signal);
      let response: Response;
      try {
        response = await doFetch(`${options.baseUrl}${path}`, {
          headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          signal: deadline.signal,
        });
      } catch {
        return deadline.expired() ? overdue : { ok: false, reason: 'network' };
      } finally {
        deadline.clear();
      }
      if (response.ok) {
        const { status, statusText, headers } = response;
        return { ok: true, value: new Response(response.body && stopWhenIdle(response.body), { status, statusText, headers }) };
      }
      const error = errorOf(await response.json().catch(() => undefined));
      const reason = response.status === 401 ? 'unauthorized' : 'failed';
      return { ok: false, reason, ...(error ? { error } : {}) };
    },
  };
}

/** The input may be left out when the endpoint has no params and no body. */
type InputArgs<E extends Endpoint> = object extends EndpointInput<E> ? [input?: EndpointInput<E>] : [input: EndpointInput<E>];

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
