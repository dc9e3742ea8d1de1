import type { Endpoint } from '../../domain/endpoints/endpoint.ts';
import { callEndpoint, errorOf, type EndpointAnswer, type EndpointInput } from '../endpoint.ts';

/** What every blog call needs: a fetch (the page's, or a test's) and, for admin calls, the token. */
export interface BlogHttp {
  fetch: typeof fetch;
  /** '' for the page's own origin. */
  baseUrl?: string;
}

/** A failed blog call; `message` is the server's error field, else 'API error: {status} {statusText}' (the product's fixed fallback). */
export class BlogApiError extends Error {
  override name = 'BlogApiError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** One request of a blog endpoint. Throws BlogApiError on a non-2xx answer, and the fetch error when the server is unreachable. */
export async function requestEndpoint<E extends Endpoint>(
  http: BlogHttp,
  contract: E,
  input: EndpointInput<E>,
  headers: Record<string, string> = {},
): Promise<EndpointAnswer<E>> {
  const answer = await callEndpoint(contract, input, { fetch: http.fetch, baseUrl: http.baseUrl ?? '', headers });
  if (!answer.ok) {
    const { status, statusText } = answer.response;
    throw new BlogApiError(errorOf(answer.body) ?? `API error: ${status} ${statusText}`, status);
  }
  return answer.body;
}

export const bearer = (token: string | null | undefined): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};
