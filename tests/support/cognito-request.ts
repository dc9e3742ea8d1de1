/** What the identity protocol's X-Amz-Target puts before the operation's name. */
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

export interface CognitoRequestOptions {
  /**
   * Headers over the protocol's own, in lower case: an X-Forwarded-For, an authorization, or
   * the content type a test sends instead of AWS JSON 1.1.
   */
  headers?: Record<string, string>;
  /** Ends the request (a test that must not wait for ever: AbortSignal.timeout). */
  signal?: AbortSignal;
}

/**
 * One raw call of the identity protocol at `baseUrl`, as the AWS SDK sends it: `POST /cognito/`
 * with `content-type: application/x-amz-json-1.1` and
 * `x-amz-target: AWSCognitoIdentityProviderService.<operation>` (no such header when `operation`
 * is undefined). `body` is sent as JSON, or as it is when it is a string (a malformed body, JSON
 * text with escapes). Nothing is added to it: a user operation's ClientId is the caller's.
 */
export function cognitoRequest(
  baseUrl: string,
  operation: string | undefined,
  body: object | string,
  options: CognitoRequestOptions = {},
): Promise<Response> {
  return fetch(`${baseUrl}/cognito/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      ...(operation === undefined ? {} : { 'x-amz-target': `${TARGET_PREFIX}${operation}` }),
      ...options.headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}
