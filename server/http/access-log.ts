import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One access-log line per request, written when the response is done: method, URL, client
 * address, status and time. Fastify's default writes two (one on arrival, one on
 * completion); at the default info level that cost a large share of the throughput of small
 * responses such as /api/config (bench/http), and the arrival line adds nothing the
 * completion line lacks. Fastify's other lines (errors, not found, closing) are unchanged.
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
    else reply.log.info(line, 'request completed');
  }
}
