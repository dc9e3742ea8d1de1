import http from 'node:http';

export interface HttpReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface HttpRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/**
 * A keep-alive HTTP client for load and fuzz runs: a bounded pool of sockets to one
 * loopback server, and a deadline on every request so a hang fails instead of stalling.
 */
export function createHttpClient(baseUrl: string, options: { sockets?: number; timeoutMs?: number } = {}) {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.sockets ?? 16 });
  const timeoutMs = options.timeoutMs ?? 10_000;

  /**
   * A kept-alive socket the server closed just as the next request went out fails that
   * request with ECONNRESET; Node's documented remedy is to retry it once on a fresh socket.
   */
  async function request(req: HttpRequest): Promise<HttpReply> {
    try {
      return await send(req);
    } catch (error) {
      if (!(error instanceof StaleSocketError)) throw error;
      return send(req);
    }
  }

  function send(req: HttpRequest): Promise<HttpReply> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string | number> = { ...req.headers };
      if (req.body !== undefined) headers['content-length'] = Buffer.byteLength(req.body);
      const outgoing = http.request(
        { agent, host: url.hostname, port: url.port, method: req.method, path: req.path, headers },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () =>
            resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks).toString() }),
          );
          incoming.on('error', reject);
        },
      );
      outgoing.setTimeout(timeoutMs, () =>
        outgoing.destroy(new Error(`no answer within ${timeoutMs} ms: ${req.method} ${req.path}`)),
      );
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        const stale = outgoing.reusedSocket && (error.code === 'ECONNRESET' || error.message === 'socket hang up');
        reject(stale ? new StaleSocketError(error.message) : error);
      });
      outgoing.end(req.body);
    });
  }

  return {
    request,
    json: (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
      request({ method, path, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }),
    close: () => agent.destroy(),
  };
}

class StaleSocketError extends Error {}

export type HttpClient = ReturnType<typeof createHttpClient>;

/** Runs `task` for each item with at most `concurrency` at a time. */
export async function inParallel<T>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
