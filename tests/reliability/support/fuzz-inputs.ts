import fc from 'fast-check';
import type { HttpRequest } from './http-client.ts';

/** The parts of JSON Schema (as TypeBox writes it) the generators read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
}

export interface FuzzRoute {
  method: string;
  url: string;
  schema: { body?: JsonSchema; querystring?: JsonSchema; params?: JsonSchema } | undefined;
  /** Content type of a well-formed body. */
  contentType: string;
  /** Headers a well-formed request carries (a valid token, an X-Amz-Target, …). */
  headers: fc.Arbitrary<Record<string, string>>;
  /** A well-formed body when the route has no body schema of its own (the Cognito protocol). */
  bodyShape?: JsonSchema;
  /** How a body value is written (JSON unless the route reads a form). */
  encode?: (value: unknown) => string;
}

/** A value that satisfies `schema`: the starting point each malformed input is derived from. */
function validSample(schema: JsonSchema | undefined): unknown {
  if (!schema) return {};
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.[0]) return validSample(variants[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, validSample(value)]));
    case 'array':
      return [validSample(schema.items)];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      if (schema.format === 'uri') return 'https://example.com/';
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return 'a';
  }
}

/** Strings that have broken servers before. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '9007199254740993',
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
  "'; drop table leads; --",
  '../../../../etc/passwd',
  '%00',
  '\u202e\u0635\u0648\u0631',
  '\ud800',
  '👩‍👩‍👧‍👦'.repeat(50),
  '=cmd|" /C calc"!A0',
  '{"$gt":""}',
  'a\r\nX-Injected: 1',
];

const hugeString = fc
  .tuple(fc.constantFrom(5_000, 70_000, 300_000), fc.constantFrom('x', 'é', '😀', '\u0000'))
  .map(([length, unit]) => unit.repeat(length));

/** Any JSON value of the wrong kind, or an abusive one of the right kind. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 63), [], {}, [null], { a: null }),
  },
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 64 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 64 }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: hugeString },
);

const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype', '__defineGetter__', 'hasOwnProperty', 'toString'];

/** Sets an own property, even one named __proto__, so JSON.stringify writes it. */
function withKey(object: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  return Object.fromEntries([...Object.entries(object), [key, value]]);
}

/** A body derived from a valid one by one mutation of its fields. */
function mutatedObject(shape: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const valid = validSample(shape);
  if (typeof valid !== 'object' || valid === null || Array.isArray(valid)) return hostileValue;
  const base = valid as Record<string, unknown>;
  const keys = Object.keys(base);
  const field = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('field');
  return fc.oneof(
    // One field of the wrong type, or abusive.
    fc.tuple(field, hostileValue).map(([key, value]) => ({ ...base, [key]: value })),
    // A required field missing, or all of them.
    field.map((key) => Object.fromEntries(Object.entries(base).filter(([name]) => name !== key))),
    fc.constant({}),
    // Extra fields, prototype pollution keys among them.
    fc
      .tuple(fc.oneof(fc.constantFrom(...POLLUTION_KEYS), fc.string({ maxLength: 20 })), hostileValue)
      .map(([key, value]) => withKey(base, key, key === '__proto__' ? { polluted: true, isAdmin: true } : value)),
    // Nested objects where the schema has objects get the same treatment, one level down.
    fc
      .tuple(field, fc.constantFrom(...POLLUTION_KEYS))
      .map(([key, pollution]) => ({ ...base, [key]: withKey({}, pollution, { polluted: true }) })),
  );
}

/** The raw body and its content type. */
function bodyArbitrary(route: FuzzRoute): fc.Arbitrary<{ body: string | undefined; contentType: string | undefined }> {
  const shape = route.schema?.body ?? route.bodyShape;
  const encode = route.encode ?? ((value: unknown) => JSON.stringify(value));
  const json = (value: unknown) => ({ body: encode(value), contentType: route.contentType });
  const valid = encode(validSample(shape));
  return fc.oneof(
    { weight: 8, arbitrary: mutatedObject(shape).map(json) },
    { weight: 2, arbitrary: hostileValue.map(json) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          '{',
          '{"a":',
          '[1,2',
          '{"a":1}}',
          "{'a':1}",
          'nul',
          '\u0000',
          '{"a":"\\ud800"}',
          '{"a":1,}',
          '\ufeff{}',
          valid.slice(0, -1),
          `${valid}garbage`,
        )
        .map((body) => ({ body, contentType: route.contentType })),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          'text/plain',
          'application/xml',
          'multipart/form-data; boundary=x',
          'application/x-www-form-urlencoded',
          'application/json; charset=utf-7',
          'image/png',
          '',
          '*/*',
        )
        .map((contentType) => ({ body: valid, contentType })),
    },
    // Deep nesting, written raw: building it as a value would overflow this process's own stack.
    {
      weight: 1,
      arbitrary: fc.tuple(fc.integer({ min: 100, max: 20_000 }), fc.constantFrom('[', '{"a":')).map(([depth, open]) => ({
        body: open.repeat(depth) + (open === '[' ? ']' : '1}').repeat(depth),
        contentType: route.contentType,
      })),
    },
    { weight: 1, arbitrary: fc.constant({ body: undefined, contentType: route.contentType }) },
    { weight: 1, arbitrary: fc.constant({ body: '', contentType: route.contentType }) },
  );
}

/** Percent-encodes what may not appear raw in a request line; a lone surrogate becomes bytes that are not UTF-8. */
const safePathText = (text: string) =>
  text.replace(/[\ud800-\udbff][\udc00-\udfff]|[^\x21-\x7e]|[%?#/&=]/g, (char) => {
    try {
      return encodeURIComponent(char);
    } catch {
      return '%ED%A0%80';
    }
  });
const rawPathPieces = ['%', '%zz', '%E0%A4%A', '%00', '..', '%2e%2e%2f', '%2F', '%C0%AE', '%FF%FE', ';', '$', '*'];

/**
 * Longest encoded path segment or query value. Node answers a request line and headers over
 * 16 KiB with 431 and drops the connection mid-upload, which says nothing about the app.
 */
const MAX_URL_PIECE = 3_000;

const segment: fc.Arbitrary<string> = fc.oneof(
  hostileValue.map((value) => safePathText(typeof value === 'string' ? value : JSON.stringify(value)).slice(0, MAX_URL_PIECE)),
  fc.constantFrom(...rawPathPieces),
  fc.integer().map(String),
);

const queryPair: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.string({ maxLength: 12 }), hostileValue)
    .map(
      ([key, value]) =>
        `${safePathText(key)}=${safePathText(typeof value === 'string' ? value : JSON.stringify(value)).slice(0, MAX_URL_PIECE)}`,
    ),
  fc.constantFrom(
    '__proto__[polluted]=1',
    'constructor[prototype][polluted]=1',
    'a[b][c]=d',
    'a=1&a=2&a=3',
    '=',
    '&&',
    'x=%',
    'x=%E0%A4%A',
    '%zz=1',
  ),
);

function queryArbitrary(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const known = Object.keys(schema?.properties ?? {});
  const knownPair =
    known.length > 0 ? fc.tuple(fc.constantFrom(...known), segment).map(([key, value]) => `${key}=${value}`) : queryPair;
  return fc
    .array(fc.oneof(knownPair, queryPair), { minLength: 0, maxLength: 3 })
    .map((pairs) => (pairs.length > 0 ? `?${pairs.join('&')}` : ''));
}

function pathArbitrary(url: string): fc.Arbitrary<string> {
  const parts = url.split('/');
  const pieces = parts.map((part) => (part.startsWith(':') || part === '*' ? segment : fc.constant(part)));
  return fc.tuple(...pieces).map((values) => values.join('/'));
}

const authorizationVariants = fc.constantFrom<Record<string, string>>(
  {},
  { authorization: 'Bearer ' },
  { authorization: 'Bearer not-a-token' },
  { authorization: 'Bearer a.b.c' },
  { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
  { authorization: 'Basic YWRtaW46YWRtaW4=' },
  { authorization: `Bearer ${'x'.repeat(8_000)}` },
);

/** Malformed requests for one route, each derived from its schema; `valid` headers are mixed in. */
export function malformedRequests(route: FuzzRoute): fc.Arbitrary<HttpRequest> {
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(route.method) || route.schema?.body !== undefined;
  return fc
    .record({
      path: pathArbitrary(route.url),
      query: queryArbitrary(route.schema?.querystring),
      body: hasBody ? bodyArbitrary(route) : fc.constant({ body: undefined, contentType: undefined }),
      headers: fc.oneof(route.headers, authorizationVariants),
    })
    .map(({ path, query, body, headers }) => ({
      method: route.method,
      path: `${path}${query}`,
      headers: { ...headers, ...(body.contentType ? { 'content-type': body.contentType } : {}) },
      ...(body.body !== undefined ? { body: body.body } : {}),
    }));
}
