import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import type { ErrorBody } from '../../src-shared/domain/endpoints/endpoint.ts';

// The error body is part of every endpoint's contract, so it is declared with them.
export type { ErrorBody };

const WHERE: Record<string, string> = {
  body: 'request body',
  querystring: 'query',
  params: 'path',
  headers: 'headers',
};

/** Turns Ajv's errors into one sentence naming the field and what is wrong with it. */
export function describeValidationErrors(errors: readonly FastifySchemaValidationError[], context: string): string {
  const where = WHERE[context] ?? context;
  const parts = errors.map((error) => {
    const field = fieldOf(error);
    return field ? `'${field}' ${describe(error)}` : describe(error);
  });
  return `Invalid ${where}: ${[...new Set(parts)].join('; ')}`;
}

/** The first problem of each named field, such as { email: 'must be a valid email' }. */
export function describeFieldErrors(errors: readonly FastifySchemaValidationError[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const error of errors) {
    const field = fieldOf(error);
    if (field && !(field in fields)) fields[field] = describe(error);
  }
  return fields;
}

function fieldOf(error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>;
  return [error.instancePath.replace(/^\//, '').replaceAll('/', '.'), params.missingProperty, params.additionalProperty]
    .filter((part) => typeof part === 'string' && part !== '')
    .join('.');
}

function describe(error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not allowed';
    case 'format':
      return `must be a valid ${String(params.format)}`;
    case 'minLength':
      return params.limit === 1 ? 'must not be empty' : `must be at least ${String(params.limit)} characters`;
    case 'maxLength':
      return `must be at most ${String(params.limit)} characters`;
    case 'type':
      return `must be ${String(params.type)}`;
    default:
      return error.message ?? 'is invalid';
  }
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

function errorHandler(envelope: (body: ErrorBody) => object) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
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
