import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

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
 * One access-log line per request, written when the response is done: method, URL, client
 * address, status and time. Fastify's default writes two (one on arrival, one on
 * completion); at the default info level that cost a large share of the throughput of small
 * responses such as /api/config (bench/http), and the arrival line adds nothing the
 * completion line lacks. Fastify's other lines (errors, not found, closing) are unchanged.
 * A route turns its line off with `config: { accessLog: false }` rather than a route log
 * level: a level of its own makes pino build a new logger for every request of that route.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      req: { method: request.method, url: request.url, remoteAddress: request.ip },
      res: { statusCode: reply.statusCode },
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (request.routeOptions.config.accessLog !== false) reply.log.info(line, 'request completed');
  }
}
