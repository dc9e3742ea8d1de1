import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { hasUnstorableText } from '../db/storable-text.ts';

/** What is wrong with such text or number, after the field's name. */
const UNSTORABLE_TEXT = 'must not contain NUL characters or unpaired UTF-16 surrogates';
const INFINITE_NUMBER = 'must be a finite number';

/** Deeper input than this is not walked; nothing the server accepts nests half as deep. */
const MAX_DEPTH = 64;

/**
 * Input the schemas let through but the database cannot take, found by the reliability fuzz
 * (each made a route answer 500 deep inside a transaction), answered with a clear 400 before
 * validation on every route:
 * - U+0000 or an unpaired surrogate anywhere (PostgreSQL stores neither in text or json);
 * - "1e309" or "Infinity" in a numeric query or path field, which Ajv's type coercion turns
 *   into an integer Infinity that passes `maximum` (in a text field they are just text).
 * Only routes that read input get the check (a schema for it, or a method with a body), so
 * pages, assets, health and config pay nothing. Must be called before any route is added.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema ?? {};
    const hasBody = [route.method].flat().some((method) => method !== 'GET' && method !== 'HEAD');
    if (!hasBody && !schema.body && !schema.querystring && !schema.params) return;
    const numeric = { path: numericFields(schema.params), query: numericFields(schema.querystring) };
    const guard: preValidationHookHandler = (request, _reply, done) => {
      const problem =
        describe('path', problemIn(request.params, '', 0, numeric.path)) ??
        describe('query', problemIn(request.query, '', 0, numeric.query)) ??
        describe('request body', problemIn(parsedBody(request), '', 0, NONE));
      done(problem ? Object.assign(new Error(problem), { statusCode: 400 }) : undefined);
    };
    route.preValidation = [guard, ...[route.preValidation ?? []].flat()];
  });
}

const NONE: ReadonlySet<string> = new Set();

/** The top-level fields an object schema types as numbers: the ones Ajv coerces from text. */
function numericFields(schema: unknown): ReadonlySet<string> {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties ?? {};
  const isNumeric = (type: unknown) => type === 'number' || type === 'integer';
  return new Set(
    Object.entries(properties)
      .filter(([, property]) => [property.type].flat().some(isNumeric))
      .map(([name]) => name),
  );
}

/**
 * Escapes or characters in raw JSON text that could decode to NUL or a surrogate. Text
 * without any (nearly every request) needs no parse and no walk.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for.
const MAYBE_UNSTORABLE_JSON = /\\u0000|\\u[dD][89a-fA-F]|\u0000|[\ud800-\udfff]/;

/** The body as data: routes that read their JSON themselves (the Cognito protocol) get it as a string. */
function parsedBody(request: FastifyRequest): unknown {
  const body = request.body;
  if (typeof body !== 'string' || !/json/i.test(request.headers['content-type'] ?? '')) return body;
  if (!MAYBE_UNSTORABLE_JSON.test(body)) return undefined;
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

/** `numeric`: the top-level fields whose text Ajv will coerce to a number. */
function problemIn(value: unknown, field: string, depth: number, numeric: ReadonlySet<string>): Problem | undefined {
  if (typeof value === 'string') {
    if (hasUnstorableText(value)) return { field, message: UNSTORABLE_TEXT };
    return numeric.has(field) && Math.abs(Number(value)) === Infinity ? { field, message: INFINITE_NUMBER } : undefined;
  }
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const child = field ? `${field}.${key}` : key;
    if (hasUnstorableText(key)) return { field, message: `field names ${UNSTORABLE_TEXT}` };
    const problem = problemIn(item, child, depth + 1, numeric);
    if (problem) return problem;
  }
  return undefined;
}
