import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { adminLogin, adminToken as tokenFor, bearer } from '../../support/admin-login.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

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

/** PGlite always; the machine's PostgreSQL too when TEST_DATABASE_URL names one. */
export const TEST_DATABASES = [
  { name: 'PGlite', postgres: false },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', postgres: true }] : []),
];

/**
 * One server for the describe block (or file) it is called in, logged in as the operator:
 * `started` receives the server and token once they are ready.
 */
export function serveAsOperator(started: (server: TestServer, token: string) => void, postgres = false): () => TestServer {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_PASSWORD }, postgres });
    started(server, await adminToken(server));
  }, 60_000);
  afterAll(() => server.close());
  return () => server;
}

/** serveAsOperator, with the leads table emptied before each test. */
export function serveWithEmptyLeads(postgres: boolean, started: (server: TestServer, token: string) => void): void {
  const server = serveAsOperator(started, postgres);
  beforeEach(async () => {
    await sql`truncate leads restart identity cascade`.execute(server().app.database.db);
  });
}
