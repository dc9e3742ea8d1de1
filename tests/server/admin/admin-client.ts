import type { TestServer } from '../../support/test-server.ts';

/** The admin password the admin tests start their server with. */
export const ADMIN_PASSWORD = 'correct horse battery staple';

export async function login(server: TestServer, password = ADMIN_PASSWORD): Promise<Response> {
  return server.fetch('/api/admin/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
}

/** Logs in and returns the token. */
export async function adminToken(server: TestServer): Promise<string> {
  const response = await login(server);
  const body = (await response.json()) as { token?: string };
  if (!body.token) throw new Error(`admin login failed: ${response.status}`);
  return body.token;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
