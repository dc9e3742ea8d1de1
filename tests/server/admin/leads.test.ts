import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lead } from '../../../src-shared/domain/admin.ts';
import { HOSTED_LEAD_NO_DETAIL, type LeadsPageReply } from '../../../src-shared/domain/admin-lists.ts';
import { SUPABASE_PAGE_SIZE } from '../../../server/features/admin/leads-source.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { ADMIN_PASSWORD, adminToken, bearer } from './admin-client.ts';
import { listenOnLoopback } from '../../support/free-port.ts';

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

  it('answers a lead number no row can have (past the integer id) with a 400 naming the id, not a server error', async () => {
    const response = await server.fetch('/api/admin/leads/99999999999', { headers: bearer(await adminToken(server)) });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { success?: boolean; error: string }).error).toContain("'id'");
  });
});

/**
 * A local stand-in for a Supabase project's PostgREST endpoint that checks each request it
 * receives as PostgREST would need it, and serves a `leads` table: ordered, filtered (ilike in
 * an `or`, eq, gte, lt), ranged by offset and limit, and counted in Content-Range.
 */
function postgrestPeer(rows: Record<string, string | number>[], serviceRoleKey: string) {
  const requests: { url: URL; headers: IncomingMessage['headers'] }[] = [];
  const problems: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://peer');
    requests.push({ url, headers: request.headers });
    const check = (ok: boolean, problem: string) => ok || problems.push(problem);
    const params = url.searchParams;
    check(request.method === 'GET', `method ${request.method}`);
    check(url.pathname === '/rest/v1/leads', `path ${url.pathname}`);
    check(request.headers.apikey === serviceRoleKey, 'apikey header is not the service-role key');
    check(request.headers.authorization === `Bearer ${serviceRoleKey}`, 'authorization is not the service-role key');
    check(params.get('select') === 'id,name,email,source,created_at', `select ${params.get('select')}`);
    const order = params.get('order');
    check(order === 'created_at.desc,id.desc' || order === 'created_at.asc,id.asc', `order ${order}`);
    const offset = Number(params.get('offset') ?? 0);
    const limit = Number(params.get('limit') ?? NaN);
    check(Number.isInteger(offset) && limit <= SUPABASE_PAGE_SIZE, `offset ${offset} limit ${limit}`);
    let found = [...rows].sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)));
    if (order?.endsWith('desc')) found.reverse();
    const or = params.get('or');
    if (or !== null) {
      const match = /^\(name\.ilike\."%(.*)%",email\.ilike\."%(.*)%",source\.ilike\."%(.*)%"\)$/.exec(or);
      check(match !== null && match[1] === match[2] && match[1] === match[3], `or ${or}`);
      const needle = (match?.[1] ?? '').replace(/\\(.)/g, '$1').toLowerCase();
      found = found.filter((row) => [row.name, row.email, row.source].some((value) => `${value}`.toLowerCase().includes(needle)));
    }
    const source = params.get('source');
    if (source !== null) found = found.filter((row) => `eq.${row.source}` === source);
    const gte = params.get('created_at');
    if (gte !== null) check(false, `created_at ${gte}`);
    const counted = found.length;
    const slice = found.slice(offset, offset + limit);
    const prefer = request.headers.prefer ?? '';
    // PostgREST refuses an offset past the rows it counted (with a count asked for; without, the page is empty).
    if (prefer.includes('count=') && offset > 0 && offset >= counted) {
      response.writeHead(416, { 'content-type': 'application/json; charset=utf-8', 'content-range': `*/${counted}` });
      response.end(
        JSON.stringify({
          code: 'PGRST103',
          details: `An offset of ${offset} was requested, but there are only ${counted} rows.`,
          hint: null,
          message: 'Requested range not satisfiable',
        }),
      );
      return;
    }
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-range': `${offset}-${offset + slice.length - 1}/${prefer.includes('count=estimated') ? counted : '*'}`,
    });
    response.end(JSON.stringify(slice));
  });
  return {
    requests,
    problems,
    start: () => listenOnLoopback(server),
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
  let token: string;
  beforeAll(async () => {
    const url = await peer.start();
    server = await startTestServer({ env: { ADMIN_PASSWORD, SUPABASE_URL: url, SUPABASE_SERVICE_ROLE_KEY: KEY } });
    token = await adminToken(server);
  });
  afterAll(async () => {
    await server.close();
    await peer.stop();
  });

  const get = async (path: string) => {
    const response = await server.fetch(path, { headers: bearer(token) });
    return { status: response.status, body: (await response.json()) as LeadsPageReply };
  };

  it('reads a page of the hosted table with the service-role key, newest first, counted by PostgREST', async () => {
    const { body } = await get('/api/admin/leads?limit=2');
    expect(peer.problems).toEqual([]);
    expect(peer.requests.at(-1)?.headers.prefer).toContain('count=estimated');
    expect(body.leads).toEqual([
      {
        id: total,
        name: `Hosted ${total}`,
        email: `hosted${total}@example.com`,
        source: 'contact',
        created_at: new Date(Date.UTC(2026, 0, 1) + (total - 1) * 60_000).toISOString(),
        hosted: true,
      },
      expect.objectContaining({ name: `Hosted ${total - 1}` }),
    ]);
    // Above max-rows, PostgREST's estimated count is the planner's: labelled so.
    expect(body).toMatchObject({ total, totalIsEstimate: true, nextCursor: expect.any(String) });
  });

  it('walks every row once by offset cursors, oldest first on request', async () => {
    const names: string[] = [];
    let cursor: string | null | undefined;
    do {
      const { body } = await get(`/api/admin/leads?limit=200&order=asc${cursor ? `&cursor=${cursor}` : ''}`);
      names.push(...(body.leads ?? []).map((lead) => lead.name));
      cursor = body.nextCursor;
    } while (cursor);
    expect(peer.problems).toEqual([]);
    expect(names).toHaveLength(total);
    expect(new Set(names).size).toBe(total);
    expect(names[0]).toBe('Hosted 1');
  });

  it('searches with ilike on name, email and source, and filters by source, in PostgREST', async () => {
    const { body } = await get('/api/admin/leads?q=HOSTED20&source=contact');
    expect(peer.problems).toEqual([]);
    expect(body.leads?.map((lead) => lead.name)).toEqual(
      [
        'Hosted 2017',
        'Hosted 2015',
        'Hosted 2013',
        'Hosted 2011',
        'Hosted 2009',
        'Hosted 2007',
        'Hosted 2005',
        'Hosted 2003',
        'Hosted 2001',
        'Hosted 209',
        'Hosted 207',
        'Hosted 205',
        'Hosted 203',
        'Hosted 201',
        'Hosted 20',
      ].filter((name) => Number(name.slice(7)) % 2 === 1),
    );
    expect(body).toMatchObject({ totalIsEstimate: false, nextCursor: null });
    const bySource = await get('/api/admin/leads?q=HERO&limit=200');
    expect(peer.problems).toEqual([]);
    expect(bySource.body.leads).toHaveLength(200);
    expect(bySource.body.leads?.every((lead) => lead.source === 'hero_cta')).toBe(true);
    expect(await get('/api/admin/leads?cursor=eyJ0IjoiMSIsImkiOjF9')).toMatchObject({ status: 400 });
  });

  it('answers a stale page (its offset now past the rows) with an empty last page, as the built-in source does', async () => {
    const stale = Buffer.from(JSON.stringify({ o: total + 500 })).toString('base64url');
    for (const query of [`cursor=${stale}`, `cursor=${stale}&q=hosted&order=asc`]) {
      expect(await get(`/api/admin/leads?${query}`)).toEqual({
        status: 200,
        body: expect.objectContaining({ success: true, leads: [], nextCursor: null }),
      });
    }
    expect(peer.problems).toEqual([]);
  });

  it("never opens our database's lead of the same number: the detail of a hosted lead is a 404 saying so", async () => {
    // Our own leads table keeps filling from the site's forms: its lead #1 is someone else.
    const db = server.app.database.db;
    const local = await db
      .insertInto('leads')
      .values({ name: 'Local Person', email: 'local@example.com', source: 'contact' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mail = await db
      .insertInto('mail_outbox')
      .values({
        to_address: 'ops@example.com',
        subject: 's',
        text_body: 't',
        kind: 'contact-notification',
        template_params: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('contact_messages')
      .values({
        name: 'Local Person',
        email: 'local@example.com',
        subject: 'Private',
        message: 'Only ours',
        lead_id: local.id,
        mail_id: mail.id,
      })
      .execute();
    // The hosted table numbers its leads too (1 to 2,017 here), so the operator can open the
    // hosted lead whose number is our local lead's.
    const { body: list } = await get('/api/admin/leads?limit=1&order=asc');
    expect(list.leads?.[0]).toMatchObject({ id: 1, name: 'Hosted 1', hosted: true });
    expect(local.id).toBeLessThanOrEqual(total);

    const response = await server.fetch(`/api/admin/leads/${local.id}`, { headers: bearer(token) });
    const text = await response.text();
    expect(response.status).toBe(404);
    expect(JSON.parse(text)).toEqual({ success: false, error: HOSTED_LEAD_NO_DETAIL });
    expect(text).not.toContain('Local Person');
    expect(text).not.toContain('Only ours');
  });

  it('streams the export from the hosted table, a batch at a time', async () => {
    const response = await server.fetch('/api/admin/leads/export', { headers: bearer(token) });
    expect(response.status).toBe(200);
    const lines = (await response.text()).split('\r\n');
    expect(lines).toHaveLength(total + 1);
    expect(peer.problems).toEqual([]);
  });

  it("answers 502 with 'Failed to fetch leads' when the project is unreachable", async () => {
    await peer.stop();
    // Side by side: supabase-js retries a GET that meets a closed port three times (1, 2 and 4 s apart).
    const [response, exported] = await Promise.all([
      server.fetch('/api/admin/leads', { headers: bearer(token) }),
      server.fetch('/api/admin/leads/export', { headers: bearer(token) }),
    ]);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ success: false, error: 'Failed to fetch leads' });
    expect(exported.status).toBe(502);
    // The same envelope as the list: a client reads one shape from every admin answer.
    expect(await exported.json()).toEqual({ success: false, error: 'Failed to fetch leads' });
  });

  it('never sends the service-role key to the browser', async () => {
    const config = await (await server.fetch('/api/config')).text();
    expect(config).not.toContain(KEY);
  });
});
