import type { FastifyInstance } from 'fastify';
import { repeatedKey, shortKey } from './repeated-key.ts';

/** Nothing but whitespace: checked up to the first other character, so a real body costs nothing. */
const BLANK = /^\s*$/;

/**
 * One body policy for the whole app, in the shared body parsers: a request whose body is
 * empty has no body, whatever its content type says. Many HTTP clients send
 * `content-type: application/json` (or a form type) on a body-less POST or DELETE; answering
 * those with a 400 made actions such as logout silently not happen (the "logged-out" token
 * stayed valid). A route that needs a body still says so through its schema. Non-empty JSON
 * is parsed as Fastify does by default (prototype poisoning refused), and a key given twice in
 * one object is a 400 naming it (repeated-key.ts). The identity protocol keeps its raw parser in its
 * own scope (SigV4 signs the exact bytes) and treats a blank body and a repeated key the same way.
 * JSON is the one type taken: Fastify's own text/plain parser is removed, so a text body is a
 * 415 that says what to send, as a form is, rather than a schema error ("must be object"); it
 * is also the type a cross-site page may post without asking. Must be called before any route is added.
 */
export function registerBodyPolicy(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (BLANK.test(body as string)) return done(null, undefined);
    json(request, body as string, (error, parsed) => {
      if (error) return done(error);
      const repeated = repeatedKey(body as string);
      if (repeated === undefined) return done(null, parsed);
      done(Object.assign(new Error(repeatedKeyMessage(repeated)), { statusCode: 400, code: REPEATED_KEY }));
    });
  });
}

/** The code of the refusal of a body that gives a key twice. */
const REPEATED_KEY = 'ERR_BODY_REPEATED_KEY';

/**
 * Whether `error` is the refusal of a body that could not be read: Fastify's parser errors (another
 * content type, broken JSON, a __proto__ key, over the size limit) and a key given twice. Such a
 * body yields no data, a token in it included (route-access.ts answers those as unauthenticated).
 */
export function isUnreadableBody(error: { code?: string }): boolean {
  return error.code === REPEATED_KEY || (error.code?.startsWith('FST_ERR_CTP_') ?? false);
}

/** The refusal of a JSON body that names `key` twice in one object, in the schema errors' words. */
const repeatedKeyMessage = (key: string): string => `Invalid request body: '${shortKey(key)}' is given more than once`;

/**
 * Form bodies (`application/x-www-form-urlencoded`) for the routes of `scope` only (the OAuth
 * token endpoint): elsewhere a form type stays a 415, so no other route can be posted to by a
 * plain cross-site HTML form. An empty form is no body, as everywhere. A field sent more than
 * once is kept as the list of its values, which a route's schema (a string) refuses: OAuth
 * forbids repeating a parameter (RFC 6749 3.2), and taking one copy silently would let a
 * request mean one thing to whatever read it on the way and another here.
 */
export function acceptFormBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    if (BLANK.test(body as string)) return done(null, undefined);
    const fields = new Map<string, string[]>();
    for (const [name, value] of new URLSearchParams(body as string)) fields.set(name, [...(fields.get(name) ?? []), value]);
    done(null, Object.fromEntries([...fields].map(([name, values]) => [name, values.length === 1 ? values[0] : values])));
  });
}
