import { adminToken } from '../../support/admin-login.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const ADMIN_PASSWORD = 'blog-tests-admin-password';

/**
 * The real server with the real admin login; `adminToken()` logs in once and reuses the token.
 * `postgres` runs it on the PostgreSQL of TEST_DATABASE_URL instead of PGlite; `webDistDir` is
 * the web build it serves pages from (tests/support/temp-tree.ts makes small ones).
 */
export async function startBlogServer(
  env: Record<string, string> = {},
  options: { postgres?: boolean; storyChiefBaseUrl?: string; webDistDir?: string } = {},
): Promise<TestServer & { adminToken(): Promise<string> }> {
  const server = await startTestServer({
    env: { ADMIN_PASSWORD, ...env },
    postgres: options.postgres ?? false,
    ...(options.storyChiefBaseUrl ? { storyChiefBaseUrl: options.storyChiefBaseUrl } : {}),
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
  });
  let token: Promise<string> | undefined;
  return Object.assign(server, {
    adminToken() {
      token ??= adminToken(server, ADMIN_PASSWORD);
      return token;
    },
  });
}

export function json(body: unknown, token?: string): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  };
}
