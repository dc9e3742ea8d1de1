import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPageReply } from '../../../src-shared/domain/audit.ts';
import { ADMIN_PASSWORD, adminToken, bearer } from '../admin/admin-client.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

/**
 * GET /api/admin/audit pages and filters in the database: keyset pages on (created_at, id)
 * that hold under inserts and timestamps closer than a millisecond, filters by type, actor
 * and time, and a 400 that names the parameter (after the admin check).
 */
const SEEDED = 130;
const databases = [['PGlite', false], ...(process.env.TEST_DATABASE_URL ? [['PostgreSQL', true] as const] : [])] as const;

describe.each(databases)('GET /api/admin/audit on %s', (_name, postgres) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_PASSWORD }, postgres });
    token = await adminToken(server);
    const db = server.app.database.db;
    await db.deleteFrom('audit_events').execute();
    // 130 events, two per millisecond (microseconds apart), over three days of November 2026.
    const rows = Array.from({ length: SEEDED }, (_, index) => {
      const customer = index % 3 === 0 ? 'dana@example.com' : 'lena@example.com';
      return {
        event_type: index % 5 === 0 ? 'customer.login.failed' : 'customer.login',
        actor: `sub-${customer}`,
        actor_email: customer,
        subject: customer,
        details: JSON.stringify({ provider: 'password' }),
        created_at: sql<Date>`timestamptz '2026-11-01T00:00:00Z' + ${Math.floor(index / 2) * 1000 + (index % 2)} * interval '1 microsecond' + ${index % 3} * interval '1 day'`,
      };
    });
    await db.insertInto('audit_events').values(rows).execute();
  });
  afterAll(() => server.close());

  async function page(query: string): Promise<{ status: number; body: AuditPageReply & { error?: string } }> {
    const response = await server.fetch(`/api/admin/audit${query}`, { headers: bearer(token) });
    return { status: response.status, body: (await response.json()) as AuditPageReply & { error?: string } };
  }

  async function walk(query: string, limit: number): Promise<number[]> {
    const ids: number[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 100; pages += 1) {
      const { status, body } = await page(`?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(status).toBe(200);
      expect(body.events?.length).toBeLessThanOrEqual(limit);
      ids.push(...(body.events ?? []).map((event) => event.id));
      cursor = body.nextCursor ?? null;
      if (cursor === null) return ids;
    }
    throw new Error('no last page');
  }

  it('answers 50 events by default, newest first, with a cursor to the next page', async () => {
    const { body } = await page('');
    expect(body.events).toHaveLength(50);
    const times = (body.events ?? []).map((event) => event.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(typeof body.nextCursor).toBe('string');
  });

  it('walks every event exactly once, in order, even with events microseconds apart', async () => {
    const ids = await walk('', 7);
    expect(ids).toHaveLength(SEEDED);
    expect(new Set(ids).size).toBe(SEEDED);
  });

  it('keeps its place when new events arrive between pages', async () => {
    const first = await page('?limit=10');
    await server.app.database.db
      .insertInto('audit_events')
      .values({ event_type: 'admin.export', actor: 'admin', details: '{}', created_at: new Date('2026-11-05T00:00:00Z') })
      .execute();
    const second = await page(`?limit=10&cursor=${first.body.nextCursor ?? ''}`);
    const firstIds = new Set((first.body.events ?? []).map((event) => event.id));
    expect((second.body.events ?? []).some((event) => firstIds.has(event.id))).toBe(false);
    await server.app.database.db.deleteFrom('audit_events').where('event_type', '=', 'admin.export').execute();
  });

  it('filters by type, by actor (any case) and by time, together and across pages', async () => {
    const failed = await walk('type=customer.login.failed', 5);
    expect(failed).toHaveLength(SEEDED / 5);
    const dana = await walk('actor=DANA@example.com', 10);
    expect(dana).toHaveLength(Math.ceil(SEEDED / 3));
    const { body } = await page('?actor=dana@example.com&from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z&limit=200');
    // index % 3 === 0 is Dana's and also the day offset 0: all of hers are on November 1.
    expect(body.events).toHaveLength(Math.ceil(SEEDED / 3));
    expect(body.nextCursor).toBeNull();
    const later = await page('?actor=dana@example.com&from=2026-11-02T00:00:00Z&limit=200');
    expect(later.body.events).toEqual([]);
  });

  it('counts what the filters find on the first page; the next pages leave the total to it', async () => {
    expect((await page('?limit=10')).body).toMatchObject({ total: SEEDED, totalIsEstimate: false });
    const failed = await page('?type=customer.login.failed&limit=5');
    expect(failed.body).toMatchObject({ total: SEEDED / 5, totalIsEstimate: false });
    const next = await page(`?type=customer.login.failed&limit=5&cursor=${failed.body.nextCursor ?? ''}`);
    expect(next.body.events).toHaveLength(5);
    expect(next.body).not.toHaveProperty('total');
    expect((await page('?actor=nobody@example.com')).body).toMatchObject({ events: [], total: 0 });
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['limit=ten', 'limit'],
    ['type=customer.everything', 'type'],
    ['from=yesterday', 'from'],
    ['colour=blue', 'colour'],
  ])('refuses %s with a 400 naming the parameter', async (query, name) => {
    const { status, body } = await page(`?${query}`);
    expect(status).toBe(400);
    expect(body.error).toContain(name);
  });

  it('refuses a cursor it did not make', async () => {
    const { status, body } = await page(`?cursor=${Buffer.from('not-a-cursor').toString('base64url')}`);
    expect(status).toBe(400);
    expect(body.error).toMatch(/cursor/);
  });

  it('refuses a tampered cursor naming an event id past the integer column, not with a server error', async () => {
    const { status, body } = await page(`?cursor=${Buffer.from('1.9999999999').toString('base64url')}`);
    expect(status).toBe(400);
    expect(body.error).toMatch(/cursor/);
  });

  it('checks the admin token before it reads the query', async () => {
    const response = await server.fetch('/api/admin/audit?limit=0');
    expect(response.status).toBe(401);
  });
});
