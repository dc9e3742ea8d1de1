import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { ADMIN_PASSWORD, adminToken, bearer, login } from './admin-client.ts';

/** The admin and affiliate SQL on a real PostgreSQL (TEST_DATABASE_URL), not only PGlite. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('admin and affiliates on PostgreSQL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_PASSWORD }, postgres: true });
  });
  afterAll(() => server?.close());

  it('stores an application with its lead and mail, and the operator reads it back', async () => {
    const applied = await server.fetch('/api/affiliates/applications', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Edsger', lastName: 'Dijkstra', email: 'edsger@example.com', experience: 'beginner' }),
    });
    expect(applied.status).toBe(201);
    const token = await adminToken(server);
    const leads = (await (await server.fetch('/api/admin/leads', { headers: bearer(token) })).json()) as {
      leads: { name: string; source: string }[];
    };
    expect(leads.leads[0]).toMatchObject({ name: 'Edsger Dijkstra', source: 'affiliate' });
    const applications = (await (await server.fetch('/api/admin/affiliate-applications', { headers: bearer(token) })).json()) as {
      applications: { email: string; experience: string }[];
    };
    expect(applications.applications[0]).toMatchObject({ email: 'edsger@example.com', experience: 'beginner' });
    const outbox = (await (await server.fetch('/api/admin/outbox', { headers: bearer(token) })).json()) as {
      mails: { kind: string }[];
    };
    expect(outbox.mails.map((mail) => mail.kind)).toContain('affiliate-application');
  });

  it('counts failed logins in SQL and blocks the eleventh from one address', async () => {
    for (let i = 0; i < 10; i++) expect((await login(server, `guess ${i}`)).status).toBe(401);
    expect((await login(server)).status).toBe(429);
    const audit = (await (await server.fetch('/api/admin/audit?limit=5', { headers: bearer('x.y') })).json()) as {
      success: boolean;
    };
    expect(audit.success).toBe(false);
  });
});
