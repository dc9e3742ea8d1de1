/**
 * The sentence a refused request gets ("Invalid query: 'q' must be at most 200 characters"),
 * written once: the server describes Ajv's errors with it, and the console's main process
 * TypeBox's errors for the same schemas, so an input the console refuses before sending reads
 * as the server's 400 would.
 */

import { ONE_LINE_MESSAGE, ONE_LINE_PATTERN, VISIBLE_PATTERN } from './one-line.ts';

/** One schema error as Ajv (the server's Fastify) and TypeBox's `Value.Errors` (the console) both report it. */
interface SchemaError {
  keyword: string;
  instancePath: string;
  params: object;
  message?: string;
}

/** Where the input was, as the server's error names it. */
export type InputLocation = 'body' | 'querystring' | 'params' | 'headers';

const WHERE: Record<InputLocation, string> = {
  body: 'request body',
  querystring: 'query',
  params: 'path',
  headers: 'headers',
};

/** Turns schema errors into one sentence naming the field and what is wrong with it. */
export function describeValidationErrors(errors: readonly SchemaError[], context: string): string {
  const where = WHERE[context as InputLocation] ?? context;
  const parts = errors.map((error) => {
    const field = fieldOf(error);
    return field ? `'${field}' ${describe(error)}` : describe(error);
  });
  return `Invalid ${where}: ${[...new Set(parts)].join('; ')}`;
}

/** The first problem of each named field, such as { email: 'must be a valid email' }. */
export function describeFieldErrors(errors: readonly SchemaError[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const error of errors) {
    const field = fieldOf(error);
    if (field && !(field in fields)) fields[field] = describe(error);
  }
  return fields;
}

function fieldOf(error: SchemaError): string {
  const params = error.params as Record<string, unknown>;
  // Ajv names one missing or extra property; TypeBox lists them (`requiredProperties`, `additionalProperties`).
  const named = [params.missingProperty, params.additionalProperty, firstOf(params.requiredProperties)];
  return [error.instancePath.replace(/^\//, '').replaceAll('/', '.'), ...named]
    .filter((part) => typeof part === 'string' && part !== '')
    .join('.');
}

const firstOf = (value: unknown): unknown => (Array.isArray(value) ? value[0] : undefined);

function describe(error: SchemaError): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    // TypeBox reports a property that `additionalProperties: false` refuses as the false schema it met there.
    case 'additionalProperties':
    case 'boolean':
      return 'is not allowed';
    case 'format':
      return `must be a valid ${String(params.format)}`;
    case 'minLength':
      return params.limit === 1 ? 'must not be empty' : `must be at least ${String(params.limit)} characters`;
    case 'maxLength':
      return `must be at most ${String(params.limit)} characters`;
    case 'type':
      return `must be ${String(params.type)}`;
    // The one-line rule's patterns read as what they ask, not as the patterns themselves: nothing
    // visible is empty, as spaces alone are.
    case 'pattern':
      if (params.pattern === VISIBLE_PATTERN) return 'must not be empty';
      return params.pattern === ONE_LINE_PATTERN ? ONE_LINE_MESSAGE : (error.message ?? 'is invalid');
    default:
      return error.message ?? 'is invalid';
  }
}
