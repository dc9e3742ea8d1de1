import { Writable } from 'node:stream';

export interface LogCapture {
  /** Give this to the server (`startTestServer({ logStream })`) or to pino. */
  stream: Writable;
  /** Everything written so far. */
  text(): string;
  /** Each complete line written so far, parsed (the server logs JSON lines). */
  lines(): Record<string, unknown>[];
  /** Forgets what was written, so a test reads only its own lines. */
  clear(): void;
  /**
   * The first line (parsed) that `match` accepts, waiting for it if need be: pino writes the
   * access log's line as the response ends, which can be just after the client has read it.
   */
  waitFor(match: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
}

/** Collects a logger's output in memory, for tests that check what was (or was not) logged. */
export function captureLog(): LogCapture {
  let text = '';
  const waiters = new Set<() => void>();
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      text += chunk.toString();
      for (const wake of waiters) wake();
      done();
    },
  });
  const lines = () =>
    text
      .split('\n')
      .slice(0, -1) // the part after the last newline is a line still being written
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return {
    stream,
    text: () => text,
    lines,
    clear: () => void (text = ''),
    waitFor(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = lines().find(match);
          if (!found) return;
          finish();
          resolve(found);
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no such log line within ${timeoutMs} ms; the log has:\n${text.slice(-2000)}`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}
