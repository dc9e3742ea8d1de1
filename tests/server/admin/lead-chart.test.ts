import { describe, expect, it } from 'vitest';
import type { LeadsChartReply } from '../../../src-shared/domain/admin-lists.ts';
import type { TestServer } from '../../support/test-server.ts';
import { bearer, serveAsOperator, serveWithEmptyLeads, TEST_DATABASES } from './admin-client.ts';

/**
 * GET /api/admin/leads/chart: new leads per day (per week for long spans) by source, counted in
 * the database with the list's filters, against the real server on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
describe.each(TEST_DATABASES)('GET /api/admin/leads/chart on $name', ({ postgres }) => {
  let server: TestServer;
  let token: string;
  serveWithEmptyLeads(postgres, (started, operatorToken) => {
    server = started;
    token = operatorToken;
  });

  const insert = (rows: { name?: string; source: string; at: string | Date }[]) =>
    server.app.database.db
      .insertInto('leads')
      .values(
        rows.map((row, index) => ({
          name: row.name ?? `Lead ${index}`,
          email: `lead${index}@example.com`,
          source: row.source,
          created_at: new Date(row.at),
        })),
      )
      .execute();

  async function chart(query: string): Promise<{ status: number; body: LeadsChartReply }> {
    const response = await server.fetch(`/api/admin/leads/chart${query}`, { headers: bearer(token) });
    return { status: response.status, body: (await response.json()) as LeadsChartReply };
  }

  it('counts each day of the span by source, empty days included', async () => {
    await insert([
      { source: 'hero_cta', at: '2026-03-01T00:00:00Z' },
      { source: 'hero_cta', at: '2026-03-01T23:59:59.999Z' },
      { source: 'contact', at: '2026-03-01T12:00:00Z' },
      { source: 'contact', at: '2026-03-03T08:00:00Z' },
      { source: 'contact', at: '2026-02-28T23:59:59.999Z' }, // before the span
      { source: 'contact', at: '2026-03-05T00:00:00Z' }, // after it (a bare `to` takes in its whole day only)
    ]);
    const { status, body } = await chart('?from=2026-03-01&to=2026-03-04');
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      chart: {
        interval: 'day',
        from: '2026-03-01T00:00:00.000Z',
        to: '2026-03-05T00:00:00.000Z',
        buckets: [
          { start: '2026-03-01', counts: { hero_cta: 2, contact: 1 } },
          { start: '2026-03-02', counts: {} },
          { start: '2026-03-03', counts: { contact: 1 } },
          { start: '2026-03-04', counts: {} },
        ],
      },
    });
  });

  it('without from/to draws the last 30 days, today included', async () => {
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    await insert([
      { source: 'signup', at: now },
      { source: 'signup', at: new Date(now.getTime() - 29 * 86_400_000) },
      { source: 'signup', at: new Date(now.getTime() - 40 * 86_400_000) },
    ]);
    const { body } = await chart('');
    const buckets = body.chart?.buckets ?? [];
    expect(body.chart?.interval).toBe('day');
    expect(buckets).toHaveLength(30);
    expect(buckets.at(-1)).toEqual({ start: today, counts: { signup: 1 } });
    expect(buckets[0]?.counts).toEqual({ signup: 1 });
    expect(buckets.reduce((sum, bucket) => sum + (bucket.counts.signup ?? 0), 0)).toBe(2);
  });

  it('applies the list filters: source, search (name, email or source) and date-times', async () => {
    await insert([
      { name: 'Ada Lovelace', source: 'contact', at: '2026-03-01T10:00:00Z' },
      { name: 'Grace Hopper', source: 'contact', at: '2026-03-01T11:00:00Z' },
      { name: 'Ada Byron', source: 'hero_cta', at: '2026-03-02T10:00:00Z' },
      { name: 'Alan Turing', source: 'hero_cta', at: '2026-03-02T18:00:00Z' },
    ]);
    const counts = async (query: string) =>
      Object.fromEntries((await chart(query)).body.chart?.buckets.map((bucket) => [bucket.start, bucket.counts]) ?? []);
    expect(await counts('?from=2026-03-01&to=2026-03-02&source=hero_cta')).toEqual({
      '2026-03-01': {},
      '2026-03-02': { hero_cta: 2 },
    });
    expect(await counts('?from=2026-03-01&to=2026-03-02&q=ADA')).toEqual({
      '2026-03-01': { contact: 1 },
      '2026-03-02': { hero_cta: 1 },
    });
    // by email: lead1@ is Grace Hopper
    expect(await counts('?from=2026-03-01&to=2026-03-02&q=lead1%40')).toEqual({
      '2026-03-01': { contact: 1 },
      '2026-03-02': {},
    });
    expect(await counts('?from=2026-03-01&to=2026-03-02&q=HERO')).toEqual({
      '2026-03-01': {},
      '2026-03-02': { hero_cta: 2 },
    });
    expect(await counts('?from=2026-03-01T10:30:00Z&to=2026-03-02T12:00:00Z')).toEqual({
      '2026-03-01': { contact: 1 },
      '2026-03-02': { hero_cta: 1 },
    });
  });

  it('reads whole days from the daily counts, kept right by inserts, deletes, updates and part-days at the ends', async () => {
    await insert([
      { source: 'contact', at: '2026-03-01T09:00:00Z' },
      { source: 'contact', at: '2026-03-01T11:00:00Z' },
      { source: 'hero_cta', at: '2026-03-02T10:00:00Z' },
      { source: 'hero_cta', at: '2026-03-03T11:00:00Z' },
      { source: 'hero_cta', at: '2026-03-03T13:00:00Z' },
    ]);
    const counts = async (query: string) =>
      Object.fromEntries((await chart(query)).body.chart?.buckets.map((bucket) => [bucket.start, bucket.counts]) ?? []);
    // 10:30 on the 1st to 12:00 on the 3rd: the 2nd from the daily counts, the ends from the leads.
    expect(await counts('?from=2026-03-01T10:30:00Z&to=2026-03-03T12:00:00Z')).toEqual({
      '2026-03-01': { contact: 1 },
      '2026-03-02': { hero_cta: 1 },
      '2026-03-03': { hero_cta: 1 },
    });
    const db = server.app.database.db;
    await db.deleteFrom('leads').where('created_at', '=', new Date('2026-03-01T09:00:00Z')).execute();
    await db
      .updateTable('leads')
      .set({ source: 'signup', created_at: new Date('2026-03-02T08:00:00Z') })
      .where('created_at', '=', new Date('2026-03-03T13:00:00Z'))
      .execute();
    expect(await counts('?from=2026-03-01&to=2026-03-03')).toEqual({
      '2026-03-01': { contact: 1 },
      '2026-03-02': { hero_cta: 1, signup: 1 },
      '2026-03-03': { hero_cta: 1 },
    });
    // The same from the leads themselves (a search counts them).
    expect(await counts('?from=2026-03-01&to=2026-03-03&q=example.com')).toEqual({
      '2026-03-01': { contact: 1 },
      '2026-03-02': { hero_cta: 1, signup: 1 },
      '2026-03-03': { hero_cta: 1 },
    });
    expect(await counts('?from=2026-03-01&to=2026-03-03&source=signup')).toEqual({
      '2026-03-01': {},
      '2026-03-02': { signup: 1 },
      '2026-03-03': {},
    });
  });

  it('draws spans longer than 90 days by week, weeks starting on Monday (UTC)', async () => {
    await insert([
      { source: 'contact', at: '2026-01-01T10:00:00Z' }, // Thursday: week of Mon 2025-12-29
      { source: 'contact', at: '2026-01-04T23:59:59Z' }, // Sunday, same week
      { source: 'hero_cta', at: '2026-01-05T00:00:00Z' }, // Monday: next week
      { source: 'affiliate', at: '2026-06-30T12:00:00Z' }, // Tuesday, week of 2026-06-29, the last
    ]);
    const { body } = await chart('?from=2026-01-01&to=2026-06-30');
    const weekly = body.chart;
    expect(weekly?.interval).toBe('week');
    expect(weekly?.buckets[0]).toEqual({ start: '2025-12-29', counts: { contact: 2 } });
    expect(weekly?.buckets[1]).toEqual({ start: '2026-01-05', counts: { hero_cta: 1 } });
    expect(weekly?.buckets.at(-1)).toEqual({ start: '2026-06-29', counts: { affiliate: 1 } });
    expect(weekly?.buckets).toHaveLength(27);
    for (const bucket of weekly?.buckets ?? []) expect(new Date(`${bucket.start}T00:00:00Z`).getUTCDay()).toBe(1);
    // 90 days exactly are still days.
    expect((await chart('?from=2026-01-01&to=2026-03-31')).body.chart).toMatchObject({ interval: 'day' });
    expect((await chart('?from=2026-01-01&to=2026-03-31')).body.chart?.buckets).toHaveLength(90);
    expect((await chart('?from=2026-01-01&to=2026-04-01')).body.chart).toMatchObject({ interval: 'week' });
  });

  it('with only `from`, counts up to today; with only `to`, the 30 days before it', async () => {
    await insert([{ source: 'contact', at: '2026-03-10T10:00:00Z' }]);
    const to = await chart('?to=2026-03-10');
    expect(to.body.chart?.from).toBe('2026-02-09T00:00:00.000Z');
    expect(to.body.chart?.buckets).toHaveLength(30);
    expect(to.body.chart?.buckets.at(-1)).toEqual({ start: '2026-03-10', counts: { contact: 1 } });
    const from = await chart('?from=2026-03-01');
    expect(from.body.chart?.to.slice(0, 10)).toBe(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10));
  });
});

describe('GET /api/admin/leads/chart refuses', () => {
  let server: TestServer;
  let token: string;
  serveAsOperator((started, operatorToken) => {
    server = started;
    token = operatorToken;
  });

  it('a request without the admin token (401), before reading its parameters', async () => {
    expect((await server.fetch('/api/admin/leads/chart')).status).toBe(401);
    expect((await server.fetch('/api/admin/leads/chart?from=nope')).status).toBe(401);
    const forged = await server.fetch('/api/admin/leads/chart', { headers: bearer('not-a-token') });
    expect(forged.status).toBe(401);
  });

  it.each([
    ['from=yesterday', "'from'"],
    ['to=2026-13-01', "'to' is not a real date"],
    ['from=2026-02-31', "'from' is not a real date"],
    ['from=2026-03-02&to=2026-03-01', "'from' must be before 'to'"],
    ['from=2010-01-01&to=2026-01-01', 'at most 3660 days'],
    [`q=${'x'.repeat(201)}`, "'q'"],
    ['source=', "'source'"],
    ['limit=10', 'limit'],
    ['interval=month', 'interval'],
  ])('?%s: 400 naming %s', async (query, named) => {
    const response = await server.fetch(`/api/admin/leads/chart?${query}`, { headers: bearer(token) });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string };
    expect(body.error).toContain(named);
  });
});
