import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { answeringDatabaseBusy } from '../http/errors.ts';
import { repeatedKey, shortKey } from '../http/repeated-key.ts';
import { storeNothing } from '../http/no-store.ts';
import { CognitoError, internalError, invalidParameter, serviceBusy, tooManyRequests } from './errors.ts';
import type { Input } from './fields.ts';
import { OPERATIONS } from './operations/index.ts';
import { clientOf } from './security-events.ts';
import type { IdentityService } from './service.ts';
import { verifySignature } from './sigv4.ts';

const CONTENT_TYPE = 'application/x-amz-json-1.1';
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

function sendError(reply: FastifyReply, error: CognitoError, status = 400) {
  return reply
    .status(status)
    .header('content-type', CONTENT_TYPE)
    .header('x-amzn-errortype', error.type)
    .send(JSON.stringify({ __type: error.type, message: error.message }));
}

/**
 * `POST /cognito/`: Cognito's AWS JSON 1.1 protocol. The operation is named by
 * `X-Amz-Target`; every failure is a 400 with `{__type, message}` and `x-amzn-ErrorType`,
 * which is how the SDK picks the exception class to throw. Registered inside the
 * service's own plugin scope so its body parser and error handler touch nothing else.
 */
export function registerProtocol(scope: FastifyInstance, service: IdentityService): void {
  // The raw text is kept: SigV4 signs the exact bytes, and bad JSON gets Cognito's error.
  scope.removeAllContentTypeParsers();
  // Tokens (InitiateAuth, RespondToAuthChallenge…) and the user's attributes (GetUser…).
  storeNothing(scope);
  scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));

  scope.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof CognitoError) return sendError(reply, error);
    if (error.statusCode === 413) return sendError(reply, invalidParameter('The request body is too large'), 413);
    if (error.statusCode !== undefined && error.statusCode < 500) return sendError(reply, invalidParameter(error.message));
    if (answeringDatabaseBusy(error, request, reply)) return sendError(reply, serviceBusy(), 503);
    request.log.error({ err: error }, 'identity operation failed');
    return sendError(reply, internalError(), 500);
  });

  scope.post('/', { config: { access: 'cognito' } }, async (request, reply) => {
    reply.header('x-amzn-requestid', randomUUID());
    const target = request.headers['x-amz-target'];
    const name = typeof target === 'string' && target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : undefined;
    const operation = name === undefined ? undefined : OPERATIONS.get(name);

    // Signed admin calls are authenticated by the key pair, and the server's own admin
    // listing of a large pool makes hundreds of them from one address; the per-address
    // limit guards the anonymous operations.
    if (!operation?.signed) {
      const allowed = await service.limiter.allowClient(
        request.ip,
        service.config.rateLimits.perIpPerMinute,
        service.clock.now(),
      );
      if (!allowed) throw tooManyRequests();
    }
    if (operation === undefined)
      throw new CognitoError('UnknownOperationException', `Unknown operation ${String(target ?? '')}`.trim());

    const body = typeof request.body === 'string' ? request.body : '';
    if (operation.signed) {
      await verifySignature(
        { method: request.method, url: request.url, headers: request.headers, body },
        service.adminKey,
        service.clock.now(),
      );
    }
    let result: object;
    try {
      result = await operation.run(parseInput(body), { service, ...clientOf(request) });
    } finally {
      if (!operation.readOnly) service.sessions.clear();
    }
    return reply.header('content-type', CONTENT_TYPE).send(JSON.stringify(result));
  });
}

function parseInput(body: string): Input {
  if (body.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw invalidParameter('The request body is not valid JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw invalidParameter('The request body must be a JSON object.');
  // The app's body policy (body-policy.ts): a key given twice is refused, not the last copy taken.
  const repeated = repeatedKey(body);
  if (repeated !== undefined) throw invalidParameter(`The request body gives '${shortKey(repeated)}' more than once.`);
  return parsed as Input;
}
