import type { FastifyInstance } from 'fastify';

/**
 * One access-log line per request, written when the response is done: method, URL, client
 * address, status and time. Fastify's own logging writes two lines per request (one on
 * arrival, one on completion); at the default info level that halved the throughput of
 * small responses such as /api/config (bench/http), and the arrival line adds nothing the
 * completion line lacks except for requests that never finish, which the error log covers.
 * Needs `disableRequestLogging: true` on the Fastify instance.
 */
export function registerAccessLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        req: { method: request.method, url: request.url, remoteAddress: request.ip },
        res: { statusCode: reply.statusCode },
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
    done();
  });
}
