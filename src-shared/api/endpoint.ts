import type { Static, TSchema } from 'typebox';
import type { Endpoint } from '../domain/endpoints/endpoint.ts';
import { encodePathParam } from '../domain/endpoints/path-param.ts';

/**
 * The client half of the endpoint contracts (src-shared/domain/endpoints): a request built
 * from a contract, so its method, path, `:params`, query and body are the ones the server
 * registered, and its answer is typed by the contract's success schema.
 */

/** What a call of the endpoint supplies: its `:params`, query and body, each only when the contract has one. */
export type EndpointInput<E extends Endpoint> = (E extends { params: infer P extends TSchema }
  ? { params: Static<P> }
  : { params?: never }) &
  (E extends { querystring: infer Q extends TSchema } ? { query?: Partial<Static<Q>> } : { query?: never }) &
  (E extends { body: infer B extends TSchema } ? { body: Static<B> } : { body?: never });

type SuccessStatus = 200 | 201;

/** The endpoint's answer on success (its 200 and 201 schemas). */
export type EndpointAnswer<E extends Endpoint> = {
  [S in SuccessStatus & keyof E['response']]: E['response'][S] extends TSchema ? Static<E['response'][S]> : never;
}[SuccessStatus & keyof E['response']];

/** The path with its `:params` filled in (each encoded: path-param.ts) and the query's non-empty values appended. */
export function endpointUrl<E extends Endpoint>(contract: E, input: EndpointInput<E>): string {
  const params = (input.params ?? {}) as Record<string, string | number>;
  const path = contract.path.replace(/:(\w+)/g, (_match, name: string) => encodePathParam(String(params[name])));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
}

interface EndpointTransport {
  /** The page's fetch when omitted. */
  fetch?: typeof fetch;
  /** The server's origin; the page's own when omitted. */
  baseUrl?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** An answer as it came: typed by the contract when it is a 2xx, the parsed JSON (or undefined) when not. */
type EndpointResult<E extends Endpoint> =
  | { ok: true; status: number; body: EndpointAnswer<E>; response: Response }
  | { ok: false; status: number; body: unknown; response: Response };

/** One JSON request of the endpoint. Rejects only when the server cannot be reached. */
export async function callEndpoint<E extends Endpoint>(
  contract: E,
  input: EndpointInput<E>,
  transport: EndpointTransport = {},
): Promise<EndpointResult<E>> {
  const send = transport.fetch ?? ((url, init) => fetch(url, init));
  const headers: Record<string, string> = { accept: 'application/json', ...transport.headers };
  if (input.body !== undefined) headers['content-type'] = 'application/json';
  const response = await send(`${transport.baseUrl ?? ''}${endpointUrl(contract, input)}`, {
    method: contract.method,
    headers,
    ...(input.body === undefined ? {} : { body: JSON.stringify(input.body) }),
    ...(transport.signal ? { signal: transport.signal } : {}),
  });
  const body: unknown = await response.json().catch(() => undefined);
  return response.ok
    ? { ok: true, status: response.status, body: body as EndpointAnswer<E>, response }
    : { ok: false, status: response.status, body, response };
}

/** The `error` string of a failure's body, when it has one. */
export function errorOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const { error } = body;
  return typeof error === 'string' && error !== '' ? error : undefined;
}

/** A refusal's Retry-After in seconds (a 429, a 503), when it gives a positive number of them. */
export function retryAfterSecondsOf(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}
