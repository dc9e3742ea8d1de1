import type { FastifyInstance } from 'fastify';

/** The headers the AWS SDK and OIDC libraries send, as Cognito allows them. */
const ALLOWED_HEADERS = [
  'content-type',
  'x-amz-target',
  'x-amz-user-agent',
  'cache-control',
  'amz-sdk-invocation-id',
  'amz-sdk-request',
  'authorization',
].join(', ');

/** What the SDK reads from an answer besides its body. */
const EXPOSED_HEADERS = ['x-amzn-requestid', 'x-amzn-errortype', 'x-amzn-errormessage', 'date'].join(', ');

/**
 * CORS for everything under /cognito (the identity API, the OIDC endpoints, the JWKS and
 * discovery), as Cognito answers it: any origin, no credentials. Safe because the service
 * uses no cookies: every call carries its token or signature itself, so a foreign page gains
 * nothing it could not do from its own server. One hook and one catch-all preflight route for
 * the whole prefix, so a new endpoint is covered without thinking about it; the product's own
 * /api routes are outside this scope and stay same-origin.
 */
export function registerCognitoCors(scope: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every identity request and awaits nothing.
  scope.addHook('onRequest', (request, reply, done) => {
    if (request.headers.origin !== undefined) {
      reply.header('access-control-allow-origin', '*');
      reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    }
    done();
  });
  scope.options('/*', { config: { access: 'public' } }, async (_request, reply) =>
    reply
      .status(204)
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'GET, POST, OPTIONS')
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', '7200')
      .send(),
  );
}
