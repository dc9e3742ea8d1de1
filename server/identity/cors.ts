import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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
 * discovery), as Cognito answers it: any origin, no credentials. Safe because no call a foreign
 * page can read uses a cookie: every API call carries its token or signature itself, so the
 * page gains nothing it could not do from its own server. The sign-in page's cookies
 * (hosted-login.ts, hosted-session.ts) travel only with the browser's own navigations, and a
 * credentialed cross-origin read of any answer is refused, since the origin allowed is `*`.
 * One hook and one pair of preflight routes for the whole prefix, so a new endpoint is covered
 * without thinking about it; the product's own /api routes are outside this scope and stay
 * same-origin.
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
  const preflight = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .status(204)
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'GET, POST, OPTIONS')
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', '7200')
      .send();
  // '/*' answers below the prefix; '/' the prefix itself (`/cognito`), the endpoint as apps
  // configure it, which the wildcard does not reach.
  scope.options('/', { config: { access: 'public' } }, preflight);
  scope.options('/*', { config: { access: 'public' } }, preflight);
}
