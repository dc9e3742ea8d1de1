import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lead } from '../../../src-shared/domain/admin.ts';
import { SUPABASE_PAGE_SIZE } from '../../../server/features/admin/leads-source.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { ADMIN_PASSWORD, adminToken, bearer } from './admin-client.ts';

describe('GET /api/admin/leads from our database', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_PASSWORD } });
  });
  afterAll(() => server.close());

  it('lists every lead, newest first, with id, name, email, source and created_at', async () => {
    const db = server.app.database.db;
    await db
      .insertInto('leads')
      .values([
        { name: 'Old Lead', email: 'old@example.com', source: 'contact', created_at: new Date('2026-01-01T10:00:00Z') },
        { name: 'New Lead', email: 'new@example.com', source: 'hero_cta', created_at: new Date('2026-03-01T10:00:00Z') },
        { name: 'Mid Lead', email: 'mid@example.com', source: 'affiliate', created_at: new Date('2026-02-01T10:00:00Z') },
      ])
      .execute();
    const response = await server.fetch('/api/admin/leads', { headers: bearer(await adminToken(server)) });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: boolean; leads: Lead[] };
    expect(body.success).toBe(true);
    expect(body.leads.map((lead) => lead.name)).toEqual(['New Lead', 'Mid Lead', 'Old Lead']);
    expect(body.leads[0]).toEqual({
      id: expect.any(Number),
      name: 'New Lead',
      email: 'new@example.com',
      source: 'hero_cta',
      created_at: '2026-03-01T10:00:00.000Z',
    });
  });
});

/**
 * A local stand-in for a Supabase project's PostgREST endpoint that checks each request it
 * receives as PostgREST would need it, and serves a `leads` table in pages.
 */
function postgrestPeer(rows: Record<string, unknown>[], serviceRoleKey: string) {
  const requests: { url: URL; headers: IncomingMessage['headers'] }[] = [];
  const problems: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://peer');
    requests.push({ url, headers: request.headers });
    const check = (ok: boolean, problem: string) => ok || problems.push(problem);
    check(request.method === 'GET', `method ${request.method}`);
    check(url.pathname === '/rest/v1/leads', `path ${url.pathname}`);
    check(request.headers.apikey === serviceRoleKey, 'apikey header is not the service-role key');
    check(request.headers.authorization === `Bearer ${serviceRoleKey}`, 'authorization is not the service-role key');
    check(url.searchParams.get('select') === 'id,name,email,source,created_at', `select ${url.searchParams.get('select')}`);
    check(url.searchParams.get('order') === 'created_at.desc,id.desc', `order ${url.searchParams.get('order')}`);
    const offset = Number(url.searchParams.get('offset') ?? NaN);
    const limit = Number(url.searchParams.get('limit') ?? NaN);
    check(Number.isInteger(offset) && limit === SUPABASE_PAGE_SIZE, `offset ${offset} limit ${limit}`);
    const sorted = [...rows].sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)));
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(sorted.slice(offset, offset + limit)));
  });
  return {
    requests,
    problems,
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('GET /api/admin/leads from a Supabase project (SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY)', () => {
  const KEY = 'service-role-key-for-the-test';
  const total = SUPABASE_PAGE_SIZE * 2 + 17;
  const rows = Array.from({ length: total }, (_, i) => ({
    id: i + 1,
    name: `Hosted ${i + 1}`,
    email: `hosted${i + 1}@example.com`,
    source: i % 2 ? 'hero_cta' : 'contact',
    created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString().replace('Z', '+00:00'),
  }));
  const peer = postgrestPeer(rows, KEY);
  let server: TestServer;
  beforeAll(async () => {
    const url = await peer.start();
    server = await startTestServer({ env: { ADMIN_PASSWORD, SUPABASE_URL: url, SUPABASE_SERVICE_ROLE_KEY: KEY } });
  });
  afterAll(async () => {
    await server.close();
    await peer.stop();
  });

  it('reads every page of the hosted table with the service-role key, newest first', async () => {
    const response = await server.fetch('/api/admin/leads', { headers: bearer(await adminToken(server)) });
    expect(peer.problems).toEqual([]);
    expect(peer.requests.map((request) => request.url.searchParams.get('offset'))).toEqual(['0', '1000', '2000']);
    const body = (await response.json()) as { success: boolean; leads: Lead[] };
    expect(body.leads).toHaveLength(total);
    expect(body.leads[0]).toEqual({
      id: total,
      name: `Hosted ${total}`,
      email: `hosted${total}@example.com`,
      source: 'contact',
      created_at: new Date(Date.UTC(2026, 0, 1) + (total - 1) * 60_000).toISOString(),
    });
    expect(body.leads.at(-1)?.name).toBe('Hosted 1');
  });

  it("answers 502 with 'Failed to fetch leads' when the project is unreachable", async () => {
    await peer.stop();
    const response = await server.fetch('/api/admin/leads', { headers: bearer(await adminToken(server)) });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ success: false, error: 'Failed to fetch leads' });
  });

  it('never sends the service-role key to the browser', async () => {
    const config = await (await server.fetch('/api/config')).text();
    expect(config).not.toContain(KEY);
  });
});
