import { Type, type Static, type TSchema } from 'typebox';

/**
 * One endpoint of our API, declared once: the server registers its route from it and the
 * clients build their requests from it, so a renamed path, a renamed `:param` or a changed
 * field is a type error on both sides rather than a 404 or a 400 at run time.
 */
export interface Endpoint {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: `/api/${string}`;
  /** One property per `:name` in the path (checked by `endpoint()`). */
  readonly params?: TSchema;
  /** Named as Fastify names it, so the server passes the schemas on as they are. */
  readonly querystring?: TSchema;
  readonly body?: TSchema;
  /** Every answer by status ('4xx' and '5xx' as Fastify reads them); a streamed answer declares only its failures. */
  readonly response: { readonly [status: number]: TSchema; readonly '4xx'?: TSchema; readonly '5xx'?: TSchema };
}

/** The `:name`s of a path pattern. */
type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<Rest>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamsAgree<E extends Endpoint> = [PathParamNames<E['path']>] extends [never]
  ? E extends { params: TSchema }
    ? { error: 'params are declared but the path has no :param' }
    : unknown
  : E extends { params: infer P extends TSchema }
    ? [keyof Static<P>] extends [PathParamNames<E['path']>]
      ? [PathParamNames<E['path']>] extends [keyof Static<P>]
        ? unknown
        : { error: `the path's :params and the params schema differ` }
      : { error: `the path's :params and the params schema differ` }
    : { error: 'the path has a :param but no params schema' };

/** Declares an endpoint, keeping its literal method and path, and refuses one whose params disagree with its path. */
export const endpoint = <const E extends Endpoint>(contract: E & ParamsAgree<E>): E => contract;

/** Body of every 4xx and 5xx answer of the server's error policy (a 413, a body that is not JSON, a 500). */
export const ErrorBodySchema = Type.Object({
  error: Type.String(),
  requestId: Type.Optional(Type.String()),
  /** For an invalid form body: what is wrong with each named field, so the form can show it by the field. */
  fields: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type ErrorBody = Static<typeof ErrorBodySchema>;

/**
 * A 4xx/5xx answer of a route: its own failure shape, or the error policy's body (for a 413
 * or a parse error); a schema that required the route's fields would turn those into a 500.
 */
export const failureOf = <T extends TSchema>(schema: T) => Type.Union([schema, ErrorBodySchema]);
