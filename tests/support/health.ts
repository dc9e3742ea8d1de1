/**
 * Waits until `${url}/api/health` answers 200, polling. Gives up after `timeoutMs`, or as soon
 * as `exited` settles (a server process that died will never answer; waiting out the deadline
 * would only hide why).
 */
export async function waitForHealth(
  url: string,
  options: { timeoutMs?: number; exited?: Promise<unknown>; intervalMs?: number } = {},
): Promise<void> {
  const { timeoutMs = 60_000, intervalMs = 100 } = options;
  let exited = false;
  void options.exited?.then(() => (exited = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !exited) {
    try {
      // Generous: a server just started on two busy cores may take seconds over its first answer.
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(exited ? `the server at ${url} exited before it was healthy` : `the server at ${url} never became healthy`);
}
