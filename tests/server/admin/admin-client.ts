import { adminLogin, adminToken as tokenFor, bearer } from '../../support/admin-login.ts';
import type { TestServer } from '../../support/test-server.ts';

export { bearer };

/** The admin password the admin tests start their server with. */
export const ADMIN_PASSWORD = 'correct horse battery staple';

export function login(server: TestServer, password = ADMIN_PASSWORD): Promise<Response> {
  return adminLogin(server, password);
}

/** Logs in with ADMIN_PASSWORD and returns the token. */
export function adminToken(server: TestServer): Promise<string> {
  return tokenFor(server, ADMIN_PASSWORD);
}
