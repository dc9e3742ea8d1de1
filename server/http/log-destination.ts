import pino, { type DestinationStream } from 'pino';

/** Where the server's log lines go, and how they are written there. */
export interface LogDestination {
  /** `pretty`: one readable, coloured line per entry, for a person at a terminal; `json`: one JSON object per line. */
  format: 'pretty' | 'json';
  stream: DestinationStream;
  /** Writes out what is still buffered (on a graceful shutdown). */
  flush(done: (error?: Error) => void): void;
}

/** What fsync answers for a descriptor that cannot be synced: a pipe, a socket, a terminal. */
const CANNOT_FSYNC = new Set(['EINVAL', 'ENOTSUP', 'EROFS']);

/** pino-pretty's template for a line's message: the request's method, URL (already redacted), status and time when it has them. */
const REQUEST_LINE =
  '{msg}{if req.url}: {req.method} {req.url}{end}{if res.statusCode} {res.statusCode}{end}{if responseTime} ({responseTime} ms){end}';

/**
 * The log's destination for an output such as standard output: readable lines through
 * pino-pretty when it is a terminal, JSON lines otherwise (a pipe, a file, a log collector,
 * CI, tests), which is what machines read. Redaction and serializers run in pino before either
 * stream sees a line, so both formats carry the same redacted values.
 */
export async function logDestination(output: { fd: number; isTTY?: boolean }): Promise<LogDestination> {
  if (output.isTTY) {
    // Loaded only for a terminal, so a production start does not pay for it. Written
    // synchronously: a person reads it as it happens, and a terminal is not a server's load.
    const { default: pretty } = await import('pino-pretty');
    const stream = pretty({
      destination: output.fd,
      sync: true,
      translateTime: 'SYS:HH:MM:ss.l',
      // A request's line reads "request completed: GET /api/config 200 (1.2 ms)" rather than a
      // block of its fields; the fields stay whole in the JSON format.
      messageFormat: REQUEST_LINE,
      ignore: 'pid,hostname,reqId,req,res,responseTime',
    });
    return { format: 'pretty', stream, flush: (done) => done() };
  }
  // Written asynchronously: a synchronous write per access-log line cost about a third of the
  // throughput of small answers (bench/http). pino flushes what is buffered when the process
  // exits, and `flush` on a graceful shutdown. sonic-boom's flush waits for the write in flight
  // only when minLength is above zero (at zero it calls back at once, and lines still being
  // written are lost when the descriptor closes); at 1, every line is still written at once.
  const stream = pino.destination({ dest: output.fd, sync: false, minLength: 1 });
  // Once written, flush also fsyncs, which a pipe or a terminal refuses (EINVAL): the lines are
  // out by then, so that refusal is not a failure (sonic-boom's own flushSync ignores it too).
  const flush: LogDestination['flush'] = (done) =>
    stream.flush((error) => done(error && !CANNOT_FSYNC.has((error as NodeJS.ErrnoException).code ?? '') ? error : undefined));
  return { format: 'json', stream, flush };
}
