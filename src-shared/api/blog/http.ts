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

/** One JSON request. Throws BlogApiError on a non-2xx answer, and the fetch error when the server is unreachable. */
export async function requestJson<T>(http: BlogHttp, path: string, init: RequestInit = {}): Promise<T> {
  const response = await http.fetch(`${http.baseUrl ?? ''}${path}`, {
    ...init,
    headers: { accept: 'application/json', ...init.headers },
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const serverError =
      typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string' ? body.error : undefined;
    throw new BlogApiError(serverError ?? `API error: ${response.status} ${response.statusText}`, response.status);
  }
  return body as T;
}

export const bearer = (token: string | null | undefined): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};
