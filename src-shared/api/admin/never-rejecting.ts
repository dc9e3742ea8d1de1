import type { AdminApi } from './client.ts';
import type { AdminFailure } from './transport.ts';

/** What a call answers when its implementation rejected: the screens show their own "failed" text. */
const NO_ANSWER: AdminFailure = { ok: false, reason: 'failed' };

/**
 * The same API, each call's rejection turned into a failure outcome. The screens take every
 * call's failure as an outcome and reset their busy state on it; the fetch client never rejects,
 * but the console's (an IPC message to main) rejects when main throws, and a screen waiting on
 * it stayed "Loading…" or "Sending…" for ever.
 */
export function neverRejecting(api: AdminApi): AdminApi {
  const settled = Object.entries(api).map(([method, call]) => [
    method,
    (...args: unknown[]) => (call as (...callArgs: unknown[]) => Promise<unknown>)(...args).catch(() => NO_ANSWER),
  ]);
  return Object.fromEntries(settled) as unknown as AdminApi;
}
