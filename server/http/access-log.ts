import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactUrl } from './redact-url.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: no access-log line for this route's successful requests (health probes, which
     * come every few seconds from each load balancer). Errors are still logged.
     */
    accessLog?: boolean;
  }
}

/**
 * Pino's `req` serializer, with the URL redacted: for every log line that carries a request
 * (a Fastify request, or a raw one from a plugin, which may lack what Fastify adds).
 */
export function serializeRequest(request: Partial<Pick<FastifyRequest, 'method' | 'url' | 'ip'>>): {
  method: string | undefined;
  url: string | undefined;
  remoteAddress: string | undefined;
} {
  const url = typeof request.url === 'string' ? redactUrl(request.url) : undefined;
  return { method: request.method, url, remoteAddress: request.ip };
}

/**
 * One access-log line per request, written when the response is done: method, URL, client
 * address, status and time. Fastify's default writes two (one on arrival, one on
 * completion); at the default info level that cost a large share of the throughput of small
 * responses such as /api/config (bench/http), and the arrival line adds nothing the
 * completion line lacks. Fastify's other lines (errors, closing) are its own.
 * A route turns its line off with `config: { accessLog: false }` rather than a route log
 * level: a level of its own makes pino build a new logger for every request of that route.
 * URLs are logged with their secret query values redacted (the hosted sign-in's callback
 * pages carry an authorization code and state; links in mails carry tokens).
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(request: FastifyRequest): void {
    request.log.info(`Route ${request.method}:${redactUrl(request.url)} not found`);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      req: { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip },
      res: { statusCode: reply.statusCode },
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (request.routeOptions.config.accessLog !== false) reply.log.info(line, 'request completed');
  }
}
