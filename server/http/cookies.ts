/** The value of cookie `name` in a Cookie header (the first, as browsers send the most specific first). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
  }
  return undefined;
}

/**
 * A Set-Cookie value for a cookie no script can read (`HttpOnly`), sent only under `path`, for
 * `maxAgeSeconds` (0 clears it), and only over https where the site is served so (`secure`).
 */
export function httpOnlyCookie(
  name: string,
  value: string,
  { path, maxAgeSeconds, sameSite, secure }: { path: string; maxAgeSeconds: number; sameSite: 'Lax' | 'Strict'; secure: boolean },
): string {
  const attributes = [`Path=${path}`, `Max-Age=${maxAgeSeconds}`, 'HttpOnly', `SameSite=${sameSite}`];
  return [`${name}=${value}`, ...attributes, ...(secure ? ['Secure'] : [])].join('; ');
}
