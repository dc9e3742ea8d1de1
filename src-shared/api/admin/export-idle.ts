/**
 * How long an export's answer may stay silent, once it has started, before it is given up. A
 * server that sent the headers and then nothing (hung mid-query, a proxy holding the rest)
 * would otherwise keep the progress bar still for ever in the browser, and for fetch's own five
 * minutes in the console, Cancel the operator's only way out. A minute is far longer than the
 * gap between two batches of rows from a live server.
 */
export const EXPORT_IDLE_TIMEOUT_MS = 60_000;

/** What the operator reads when the server stopped sending mid-export. */
export const EXPORT_STALLED =
  'The export stopped: the server sent nothing for a minute. Nothing was saved; export again when the server is reachable.';

/** What ends an export's stream that stayed silent too long; its message is what the operator reads. */
export class ExportStalledError extends Error {
  constructor() {
    super(EXPORT_STALLED);
    this.name = 'ExportStalledError';
  }
}

/**
 * `body` as a stream that fails with ExportStalledError when the server sends nothing for
 * `idleMs` while the reader waits for it (a slow disk holding the reader back does not count),
 * and then cancels `body`, which closes the connection.
 */
export function stopWhenIdle(body: ReadableStream<Uint8Array>, idleMs = EXPORT_IDLE_TIMEOUT_MS): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const silence = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ExportStalledError()), idleMs);
      });
      try {
        const chunk = await Promise.race([reader.read(), silence]);
        if (chunk.done) controller.close();
        else controller.enqueue(chunk.value);
      } catch (error) {
        if (error instanceof ExportStalledError) void reader.cancel(error).catch(() => undefined);
        controller.error(error);
      } finally {
        clearTimeout(timer);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}
