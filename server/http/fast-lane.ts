import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { withSecurityHeaders } from './security-headers.ts';

/** One whole answer: the same bytes and headers for everyone who asks. */
export interface FixedAnswer {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: string;
}

/**
 * The answer a path gives now: an answer, or a promise of one when it has to be worked out
 * (such an answer goes through Fastify).
 */
export type CurrentAnswer = () => FixedAnswer | Promise<FixedAnswer>;

interface Lane {
  current: CurrentAnswer;
  /** The headers each answer is written with (the common headers added once), by answer. */
  written: WeakMap<FixedAnswer, { headers: Record<string, string>; body: Buffer }>;
}

/**
 * Small answers that are the same for everyone (/api/config, and /api/health while its last
 * database check is fresh) sent straight from node:http, before Fastify: its routing, hooks,
 * request object, request id and child logger cost /api/health and /api/config about 40% of
 * the throughput a bare node:http server gets sending the same bytes (bench/http).
 *
 * Only an exact `GET <path>` whose answer is known and successful takes the lane, while the
 * server is open. Everything else (HEAD, a query string, an answer still being worked out, a
 * failure, a server closing with its 503s, app.inject in tests) goes through the same answer's
 * ordinary Fastify route, which `serveFixedAnswer` also registers. Lane routes write no
 * access-log line, so they must be routes whose line is off (`accessLog: false`).
 */
export class FastLane {
  private readonly lanes = new Map<string, Lane>();
  private open = true;

  /** `commonHeaders`: what every answer of the server carries (the security headers). */
  constructor(private readonly commonHeaders: Readonly<Record<string, string>>) {}

  /**
   * The node:http listener: the lane first, then `next` (Fastify's, with the security headers
   * set on the response: see `withSecurityHeaders`) for whatever it does not take.
   */
  listener(next: RequestListener): RequestListener {
    const slow = withSecurityHeaders(this.commonHeaders, next);
    return (request, response) => {
      if (!this.answer(request, response)) slow(request, response);
    };
  }

  /** From now on every request goes through Fastify, which answers 503 while it closes. */
  close(): void {
    this.open = false;
  }

  add(path: string, current: CurrentAnswer): void {
    this.lanes.set(path, { current, written: new WeakMap() });
  }

  private answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (!this.open || request.method !== 'GET') return false;
    const lane = this.lanes.get(request.url ?? '');
    if (!lane) return false;
    const answer = lane.current();
    if (answer instanceof Promise || answer.status !== 200) return false;
    let written = lane.written.get(answer);
    if (!written) {
      const body = Buffer.from(answer.body);
      const headers = { ...this.commonHeaders, ...answer.headers, 'content-length': String(body.length) };
      written = { headers, body };
      lane.written.set(answer, written);
    }
    response.writeHead(answer.status, written.headers);
    response.end(written.body);
    return true;
  }
}

/**
 * Registers `GET path` as an ordinary route answering `current()`, and puts it in the fast
 * lane, so both paths send the same answer. `config` is the route's config (access and so on).
 */
export function serveFixedAnswer(
  app: FastifyInstance,
  lane: FastLane,
  path: string,
  config: FastifyContextConfig,
  current: CurrentAnswer,
): void {
  app.get(path, { config: { ...config, accessLog: false } }, async (_request, reply) => {
    const answer = await current();
    return reply.status(answer.status).headers(answer.headers).send(answer.body);
  });
  lane.add(path, current);
}
