import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';

/** What is wrong with such text or number, after the field's name. */
export const UNSTORABLE_TEXT = 'must not contain NUL characters or unpaired UTF-16 surrogates';
export const INFINITE_NUMBER = 'must be a finite number';

/** NUL, or a surrogate without its other half. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Deeper input than this is not walked; nothing the server accepts nests half as deep. */
const MAX_DEPTH = 64;

/**
 * Input the schemas let through but the database cannot take, found by the reliability fuzz
 * (each made a route answer 500 deep inside a transaction), answered with a clear 400 before
 * validation on every route:
 * - U+0000 or an unpaired surrogate anywhere (PostgreSQL stores neither in text or json);
 * - "1e309" or "Infinity" in the query or path, which Ajv's type coercion turns into an
 *   integer Infinity that passes `maximum`.
 * Only routes that read input get the check (a schema for it, or a method with a body), so
 * pages, assets, health and config pay nothing. Must be called before any route is added.
 */
export function registerTextGuard(app: FastifyInstance): void {
  const guard: preValidationHookHandler = (request, _reply, done) => {
    const problem =
      describe('path', problemIn(request.params, '', 0, true)) ??
      describe('query', problemIn(request.query, '', 0, true)) ??
      describe('request body', problemIn(parsedBody(request), '', 0, false));
    done(problem ? Object.assign(new Error(problem), { statusCode: 400 }) : undefined);
  };
  app.addHook('onRoute', (route) => {
    const schema = route.schema ?? {};
    const hasBody = [route.method].flat().some((method) => method !== 'GET' && method !== 'HEAD');
    if (!hasBody && !schema.body && !schema.querystring && !schema.params) return;
    route.preValidation = [guard, ...[route.preValidation ?? []].flat()];
  });
}

/** The body as data: routes that read their JSON themselves (the Cognito protocol) get it as a string. */
function parsedBody(request: FastifyRequest): unknown {
  const body = request.body;
  if (typeof body !== 'string' || !/json/i.test(request.headers['content-type'] ?? '')) return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

interface Problem {
  /** The field's dotted path, '' for the whole input. */
  field: string;
  message: string;
}

/** One sentence naming the field, as the schema errors read: "Invalid query: 'page' must be a finite number". */
function describe(where: string, problem: Problem | undefined): string | undefined {
  if (!problem) return undefined;
  return `Invalid ${where}: ${problem.field ? `'${problem.field}' ` : ''}${problem.message}`;
}

function problemIn(value: unknown, field: string, depth: number, coercible: boolean): Problem | undefined {
  if (typeof value === 'string') {
    if (UNSTORABLE.test(value)) return { field, message: UNSTORABLE_TEXT };
    return coercible && Math.abs(Number(value)) === Infinity ? { field, message: INFINITE_NUMBER } : undefined;
  }
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const child = field ? `${field}.${key}` : key;
    if (UNSTORABLE.test(key)) return { field, message: `field names ${UNSTORABLE_TEXT}` };
    const problem = problemIn(item, child, depth + 1, coercible);
    if (problem) return problem;
  }
  return undefined;
}
