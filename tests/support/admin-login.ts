/** A server to log in to: its base URL, or anything with one (TestServer, ServerProcess). */
export type LoginTarget = string | { url: string };

const baseOf = (target: LoginTarget) => (typeof target === 'string' ? target : target.url);

/**
 * `POST /api/admin/auth/login` with `password`, as the admin console sends it. `headers` adds
 * to the request (X-Forwarded-For, a device cookie), for the tests of the login's limits.
 */
export function adminLogin(target: LoginTarget, password: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseOf(target)}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ password }),
  });
}

/** Logs in and returns the admin token; throws with the status when the login fails. */
export async function adminToken(target: LoginTarget, password: string): Promise<string> {
  const response = await adminLogin(target, password);
  const body = (await response.json()) as { token?: string };
  if (!body.token) throw new Error(`admin login failed: ${response.status}`);
  return body.token;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
