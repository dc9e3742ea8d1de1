/**
 * How long a request waits for the server's answer before it counts as failed (the admin
 * transport, the affiliate and contact forms): the form or screen is then given back, filled
 * in, to try again; each of those requests is safe to send twice.
 */
export const ANSWER_TIMEOUT_MS = 30_000;

/**
 * A timer that aborts `signal` after `ms`, and passes on the caller's own abort. fetch itself
 * waits about five minutes for a server that took the connection and never answers (hung, or a
 * proxy holding the request), all that time a spinner or a busy form on the screen.
 */
export function answerDeadline(ms: number, callerSignal?: AbortSignal) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  const passOn = () => controller.abort();
  callerSignal?.addEventListener('abort', passOn, { once: true });
  return {
    signal: controller.signal,
    /** Whether the deadline, not the caller, ended the request. */
    expired: () => controller.signal.aborted && !callerSignal?.aborted,
    /** The answer came: the timer goes (the caller's signal still aborts an export's stream). */
    clear: () => clearTimeout(timer),
  };
}
