import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Lead } from '../../../src-shared/domain/admin.ts';
import type { LeadsPageReply } from '../../../src-shared/domain/admin-lists.ts';
import { EXACT_TOTAL_LIMIT } from '../../../server/db/row-count.ts';
import type { TestServer } from '../../support/test-server.ts';
import { bearer, serveAsOperator, serveWithEmptyLeads, TEST_DATABASES } from './admin-client.ts';

/**
 * GET /api/admin/leads as pages: keyset cursors over (created_at, id), search, filters and
 * totals, against the real server on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
describe.each(TEST_DATABASES)('GET /api/admin/leads pages on $name', ({ postgres }) => {
  let server: TestServer;
  let token: string;
  serveWithEmptyLeads(postgres, (started, operatorToken) => {
    server = started;
    token = operatorToken;
  });

  const db = () => server.app.database.db;
  const insert = (rows: { name: string; email: string; source?: string; at: string }[]) =>
    db()
      .insertInto('leads')
      .values(
        rows.map((row) => ({ name: row.name, email: row.email, source: row.source ?? 'contact', created_at: new Date(row.at) })),
      )
      .returning('id')
      .execute();

  async function page(query: string): Promise<{ status: number; body: LeadsPageReply }> {
    const response = await server.fetch(`/api/admin/leads${query}`, { headers: bearer(token) });
    return { status: response.status, body: (await response.json()) as LeadsPageReply };
  }

  async function walk(query: string): Promise<{ names: string[]; pages: number }> {
    const names: string[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const separator = query === '' ? '?' : '&';
      const { status, body } = await page(`${query}${cursor ? `${query === '' ? '?' : separator}cursor=${cursor}` : ''}`);
      expect(status).toBe(200);
      names.push(...(body.leads ?? []).map((lead) => lead.name));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor);
    return { names, pages };
  }

  const day = (n: number) => `2026-03-${String(n).padStart(2, '0')}T10:00:00Z`;

  it('answers an empty list with no rows, no next page and a total of 0', async () => {
    const { status, body } = await page('');
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, leads: [], nextCursor: null, total: 0, totalIsEstimate: false });
  });

  it('answers one page with every row, newest first, and no next page', async () => {
    await insert([
      { name: 'Old', email: 'old@example.com', at: day(1) },
      { name: 'New', email: 'new@example.com', source: 'hero_cta', at: day(3) },
      { name: 'Mid', email: 'mid@example.com', at: day(2) },
    ]);
    const { body } = await page('');
    expect(body.leads?.map((lead) => lead.name)).toEqual(['New', 'Mid', 'Old']);
    expect(body.leads?.[0]).toEqual({
      id: expect.any(Number),
      name: 'New',
      email: 'new@example.com',
      source: 'hero_cta',
      created_at: '2026-03-03T10:00:00.000Z',
    } satisfies Lead);
    expect(body).toMatchObject({ nextCursor: null, total: 3, totalIsEstimate: false });
  });

  it('ends on an exact page boundary without an empty extra page', async () => {
    await insert([1, 2, 3, 4].map((n) => ({ name: `L${n}`, email: `l${n}@example.com`, at: day(n) })));
    const first = await page('?limit=2');
    expect(first.body.leads?.map((lead) => lead.name)).toEqual(['L4', 'L3']);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    expect(first.body.total).toBe(4);
    const second = await page(`?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.leads?.map((lead) => lead.name)).toEqual(['L2', 'L1']);
    expect(second.body.nextCursor).toBeNull();
  });

  it('pages through rows created in the same microsecond by id, in both orders', async () => {
    const at = '2026-03-05T10:00:00.123456Z';
    await sql`insert into leads (name, email, source, created_at)
      select 'T' || g, 't' || g || '@example.com', 'contact', ${at}::timestamptz from generate_series(1, 7) g`.execute(db());
    expect((await walk('?limit=3')).names).toEqual(['T7', 'T6', 'T5', 'T4', 'T3', 'T2', 'T1']);
    expect((await walk('?limit=3&order=asc')).names).toEqual(['T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7']);
  });

  it('neither repeats nor skips a row when a lead is inserted between two pages', async () => {
    await insert([1, 2, 3, 4, 5].map((n) => ({ name: `L${n}`, email: `l${n}@example.com`, at: day(n * 2) })));
    const first = await page('?limit=2');
    expect(first.body.leads?.map((lead) => lead.name)).toEqual(['L5', 'L4']);
    // A newer lead (belongs before the first page) and one among the rows still to come.
    await insert([
      { name: 'Newest', email: 'newest@example.com', at: day(20) },
      { name: 'Between', email: 'between@example.com', at: day(5) },
    ]);
    const rest = await page(`?limit=10&cursor=${first.body.nextCursor}`);
    expect(rest.body.leads?.map((lead) => lead.name)).toEqual(['L3', 'Between', 'L2', 'L1']);
  });

  it('continues after a deleted row, even when it was the last row of the previous page', async () => {
    const ids = await insert([1, 2, 3, 4, 5].map((n) => ({ name: `L${n}`, email: `l${n}@example.com`, at: day(n) })));
    const first = await page('?limit=2');
    expect(first.body.leads?.map((lead) => lead.name)).toEqual(['L5', 'L4']);
    await db()
      .deleteFrom('leads')
      .where('id', '=', ids[3]?.id ?? 0)
      .execute(); // L4, the cursor's own row
    await db()
      .deleteFrom('leads')
      .where('id', '=', ids[1]?.id ?? 0)
      .execute(); // L2, still to come
    const rest = await page(`?cursor=${first.body.nextCursor}`);
    expect(rest.body.leads?.map((lead) => lead.name)).toEqual(['L3', 'L1']);
  });

  it('searches name, email and source case-insensitively, with % and _ taken literally', async () => {
    await insert([
      { name: 'Reader Ray', email: 'ray@example.com', source: 'affiliate', at: day(7) },
      { name: 'Dana Scully', email: 'dana@fbi.example', at: day(1) },
      { name: 'Fox Mulder', email: 'FOX@fbi.example', at: day(2) },
      { name: 'Walter Skinner', email: 'walter@example.com', at: day(3) },
      { name: '100% real', email: 'percent@example.com', at: day(4) },
      { name: 'under_score', email: 'under@example.com', at: day(5) },
      { name: 'Carls Jr', email: 'carls@example.com', at: day(6) },
    ]);
    const names = async (q: string) => (await page(`?q=${encodeURIComponent(q)}`)).body;
    expect((await names('fbi.EXAMPLE')).leads?.map((lead) => lead.name)).toEqual(['Fox Mulder', 'Dana Scully']);
    expect((await names('SKINNER')).leads?.map((lead) => lead.name)).toEqual(['Walter Skinner']);
    expect((await names('fox@')).total).toBe(1);
    expect((await names('0%')).leads?.map((lead) => lead.name)).toEqual(['100% real']);
    expect((await names('r_s')).leads?.map((lead) => lead.name)).toEqual(['under_score']);
    expect((await names('nobody')).total).toBe(0);
    expect((await names('AFFIL')).leads?.map((lead) => lead.name)).toEqual(['Reader Ray']);
  });

  it('filters by source and by a date range (a bare `to` date takes in its whole day)', async () => {
    await insert([
      { name: 'A', email: 'a@example.com', source: 'hero_cta', at: '2026-03-01T00:00:00Z' },
      { name: 'B', email: 'b@example.com', source: 'contact', at: '2026-03-02T12:00:00Z' },
      { name: 'C', email: 'c@example.com', source: 'hero_cta', at: '2026-03-02T23:59:59.999Z' },
      { name: 'D', email: 'd@example.com', source: 'hero_cta', at: '2026-03-03T00:00:00Z' },
    ]);
    const names = async (query: string) => (await page(query)).body.leads?.map((lead) => lead.name);
    expect(await names('?source=hero_cta')).toEqual(['D', 'C', 'A']);
    expect(await names('?from=2026-03-02&to=2026-03-02')).toEqual(['C', 'B']);
    expect(await names('?source=hero_cta&from=2026-03-01T00:00:01Z&order=asc')).toEqual(['C', 'D']);
    expect(await names('?to=2026-03-02T12:00:00Z')).toEqual(['A']);
    expect((await page('?source=hero_cta&to=2026-03-02')).body.total).toBe(2);
  });

  it(`counts exactly up to ${EXACT_TOTAL_LIMIT} rows and labels the planner's estimate above`, async () => {
    await sql`insert into leads (name, email, source, created_at)
      select 'Bulk ' || g, 'bulk' || g || '@example.com', case when g % 2 = 0 then 'even' else 'odd' end,
             timestamptz '2026-01-01' + g * interval '1 second'
      from generate_series(1, ${EXACT_TOTAL_LIMIT + 500}::integer) g`.execute(db());
    await sql`analyze leads`.execute(db());
    const all = await page('?limit=1');
    expect(all.body.totalIsEstimate).toBe(true);
    expect(all.body.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    expect(all.body.total).toBeLessThan((EXACT_TOTAL_LIMIT + 500) * 1.5);
    const some = await page('?limit=1&source=even&to=2026-01-01T01:00:00Z');
    expect(some.body).toMatchObject({ total: 1799, totalIsEstimate: false });
    // Later pages carry no total: the first page's stands.
    const next = await page(`?limit=1&cursor=${all.body.nextCursor}`);
    expect(next.body).toMatchObject({ total: null });
  });
});

describe('GET /api/admin/leads refuses bad parameters', () => {
  let server: TestServer;
  let token: string;
  serveAsOperator((started, operatorToken) => {
    server = started;
    token = operatorToken;
  });

  const foreignCursor = Buffer.from(JSON.stringify({ o: 5 })).toString('base64url');
  // Shaped like this list's cursors, with positions no row can hold: an id past the column's
  // integer range, a time before the database's earliest.
  const beyondIdCursor = Buffer.from(JSON.stringify({ t: '1', i: 2 ** 40 })).toString('base64url');
  const beforeTimeCursor = Buffer.from(JSON.stringify({ t: '-999999999999999999', i: 1 })).toString('base64url');
  it.each([
    ['limit=0', "'limit'"],
    ['limit=201', "'limit'"],
    ['limit=ten', "'limit'"],
    ['limit=1.5', "'limit'"],
    ['order=newest', "'order'"],
    ['from=yesterday', "'from'"],
    ['from=2026-02-31', "'from' is not a real date"],
    ['to=2026-13-01', "'to' is not a real date"],
    ['from=2026-03-02&to=2026-03-01', "'from' must be before 'to'"],
    ['cursor=not-a-cursor', "'cursor'"],
    [`cursor=${foreignCursor}`, "'cursor'"],
    [`cursor=${beyondIdCursor}`, "'cursor'"],
    [`cursor=${beforeTimeCursor}`, "'cursor'"],
    ['cursor=', "'cursor'"],
    [`q=${'x'.repeat(201)}`, "'q'"],
    ['source=', "'source'"],
  ])('?%s: 400 naming %s', async (query, named) => {
    for (const path of ['/api/admin/leads', '/api/admin/leads/export']) {
      if (path.endsWith('export') && /limit|cursor/.test(query)) continue;
      const response = await server.fetch(`${path}?${query}`, { headers: bearer(token) });
      expect(response.status, path).toBe(400);
      const body = (await response.json()) as { success?: boolean; error: string };
      expect(body.error).toContain(named);
      // The list and its export answer in the admin API's envelope whichever check refused the query.
      expect(body.success, path).toBe(false);
    }
  });

  it('checks the admin token before the parameters', async () => {
    const response = await server.fetch('/api/admin/leads?limit=0&order=sideways');
    expect(response.status).toBe(401);
    const exported = await server.fetch('/api/admin/leads/export?from=nope');
    expect(exported.status).toBe(401);
  });
});
