import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import type { ErrorBody } from '../../src-shared/domain/endpoints/endpoint.ts';
// Shared with the console, which refuses some inputs before sending them in the server's words.
import { describeFieldErrors, describeValidationErrors } from '../../src-shared/domain/validation-errors.ts';
import { isDatabaseBusy } from '../db/timeouts.ts';

// The error body is part of every endpoint's contract, so it is declared with them.
export type { ErrorBody };

/** A form's 400: the sentence naming what is wrong, and the problem of each named field for the form to show by it. */
export function formRejection(errors: readonly FastifySchemaValidationError[], context: string): ErrorBody {
  return { error: describeValidationErrors(errors, context), fields: describeFieldErrors(errors) };
}

/**
 * One error policy for the whole server: client errors say clearly what was wrong;
 * server errors say nothing about internals and log the details with the request id.
 */
export function registerErrorPolicy(app: FastifyInstance): void {
  app.setSchemaErrorFormatter((errors, context) => new Error(describeValidationErrors(errors, context)));
  app.setErrorHandler(errorHandler((body) => body));
}

/**
 * The same policy in a scope whose API wraps its answers in an envelope of its own (the admin
 * API's `{ success, …, error }`): a refused query, a bad parameter or a bad cursor then answers
 * in that envelope whichever check refused it. A 500 keeps the policy's body and request id.
 */
export function wrapClientErrors(scope: FastifyInstance, envelope: (body: ErrorBody) => object): void {
  scope.setErrorHandler(errorHandler(envelope));
}

/** What a request the database could not serve in time is told (503). */
export const DATABASE_BUSY = 'The service is busy right now. Please try again in a moment.';

/** How long a client is asked to wait before it tries again (Retry-After). */
const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * Whether `error` says the database is too slow or too busy right now (a statement past
 * DATABASE_STATEMENT_TIMEOUT_MS, no free connection in time: timeouts.ts) rather than that the
 * request or the code is wrong. If so, the answer is given its 503 and Retry-After, and the
 * request one warning naming its route (what an operator looks for: which page meets the locks
 * or the slow queries); the caller sends the body in its API's own envelope. Neither the answer
 * nor the line carries the statement: the error's message and code only.
 */
export function answeringDatabaseBusy(error: unknown, request: FastifyRequest, reply: FastifyReply): boolean {
  if (!isDatabaseBusy(error)) return false;
  const { message, code } = error as Error & { code?: string };
  request.log.warn(
    { route: `${request.method} ${request.routeOptions.url ?? request.url}`, reason: message, ...(code ? { code } : {}) },
    'the database did not answer in time: answered 503',
  );
  markBusy(reply);
  return true;
}

/**
 * Gives the answer the status and Retry-After of a service too busy right now; the caller sends
 * DATABASE_BUSY in its API's own envelope. Also for a busy answer passed on from the identity
 * service (admin/routes.ts).
 */
export function markBusy(reply: FastifyReply): FastifyReply {
  return reply.status(503).header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
}

function errorHandler(envelope: (body: ErrorBody) => object) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (answeringDatabaseBusy(error, request, reply))
      return reply.send(envelope({ error: DATABASE_BUSY, requestId: request.id }));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send(envelope({ error: clientMessage(error, status) }));
    request.log.error({ err: error }, 'request failed');
    const body: ErrorBody = { error: 'Something went wrong on our side. Please try again.', requestId: request.id };
    return reply.status(500).send(body);
  };
}

/**
 * Errors Fastify meets before any route or hook (Fastify's `frameworkErrors`): a URL whose
 * percent-encoding is broken (`/%`, `/api/%zz`), a path parameter too long. The same JSON
 * error as every other client error; the security headers are already on the response.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const status = tooLong ? 414 : error.code === 'FST_ERR_BAD_URL' ? 400 : 500;
  const message =
    status === 500
      ? 'Something went wrong on our side. Please try again.'
      : tooLong
        ? 'The URL is too long'
        : 'The URL is not valid: it has a malformed percent-encoding';
  void reply.status(status).send({ error: message } satisfies ErrorBody);
}

function clientMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send application/json';
    default:
      return status === 429 ? 'Too many requests. Please wait a moment and try again.' : error.message;
  }
}
