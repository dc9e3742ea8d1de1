import { get } from 'node:http';
import { sql } from 'kysely';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { neutraliseCell } from '../../../src-shared/domain/admin-csv.ts';
import { leadsCsv } from '../../support/admin-csv.ts';
import { ADMIN } from '../../../src-shared/domain/constants.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { ADMIN_PASSWORD, adminToken, bearer } from './admin-client.ts';

/**
 * GET /api/admin/leads/export streams the CSV a batch at a time; what arrives must be the
 * very bytes the in-memory export makes of the same rows (and what Papa Parse's quoting, the
 * one the console used before, makes of them).
 */
const ROWS = 100_000;

describe('GET /api/admin/leads/export', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_PASSWORD } });
    token = await adminToken(server);
    // Names that need quoting or neutralising, every few rows; some rows share a created_at.
    await sql`insert into leads (name, email, source, created_at)
      select case g % 7
               when 0 then '=HYPERLINK("http://evil.example","click")'
               when 1 then 'Quote "' || g || '", comma, and' || chr(10) || 'new line'
               when 2 then '  +1 (555) ' || g
               when 3 then 'Zoë ' || g || ' 東京'
               when 4 then '@handle' || g
               when 5 then ''
               else 'Plain ' || g end,
             'person' || g || '@example.com',
             case when g % 3 = 0 then 'hero_cta' else '-contact' end,
             timestamptz '2026-01-01' + (g / 3) * interval '1 second'
      from generate_series(1, ${ROWS}::integer) g`.execute(server.app.database.db);
  }, 120_000);
  afterAll(() => server.close());

  it(`streams ${ROWS.toLocaleString('en')} leads byte for byte as the in-memory export of the same rows`, async () => {
    const response = await server.fetch('/api/admin/leads/export', { headers: bearer(token) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get('content-length')).toBeNull(); // streamed, not buffered
    const streamed = Buffer.from(await response.arrayBuffer());

    const rows = await server.app.database.db
      .selectFrom('leads')
      .select(['id', 'name', 'email', 'source', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const leads = rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
    const inMemory = Buffer.from(leadsCsv(leads));
    expect(streamed.length).toBe(inMemory.length);
    expect(streamed.equals(inMemory)).toBe(true);

    const papa = Papa.unparse(
      {
        fields: [...ADMIN.leadCsvColumns],
        data: leads.map((lead) => [lead.name, lead.email, lead.source, lead.created_at].map(neutraliseCell)),
      },
      { quotes: true, newline: '\r\n', escapeFormulae: false },
    );
    expect(streamed.equals(Buffer.from(papa))).toBe(true);
    expect(papa).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
  }, 120_000);

  it('exports only what the search and filters find, and records the export in the audit log', async () => {
    const response = await server.fetch('/api/admin/leads/export?q=person99999&source=hero_cta', { headers: bearer(token) });
    const text = await response.text();
    expect(text).toBe(
      `"Name","Email","Source","Created At"\r\n"'@handle99999","person99999@example.com","hero_cta","2026-01-01T09:15:33.000Z"`,
    );
    const event = await server.app.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('event_type', '=', 'admin.export')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event.subject).toBe('leads');
    expect(event.details).toMatchObject({ rowCount: 1, search: { q: 'person99999', source: 'hero_cta' }, completed: true });
  });

  it('records an export the client drops after its first chunk, with the rows it was sent', async () => {
    // 40 MB of CSV: far more than the sockets' buffers hold, so the export cannot finish
    // into them before the client is gone.
    const BULKY = 20_000;
    await sql`insert into leads (name, email, source)
      select repeat('Bulky ', 340) || g, 'bulky' || g || '@example.com', 'bulky'
      from generate_series(1, ${BULKY}::integer) g`.execute(server.app.database.db);
    const exports = () =>
      server.app.database.db
        .selectFrom('audit_events')
        .selectAll()
        .where('event_type', '=', 'admin.export')
        .orderBy('id', 'desc')
        .execute();
    const before = (await exports()).length;
    // node:http on a connection of its own, closed after the first chunk as a browser tab or
    // the console's Cancel export closes it.
    const firstChunk = await new Promise<{ status: number | undefined; bytes: number }>((resolve, reject) => {
      const request = get(`${server.url}/api/admin/leads/export?source=bulky`, { headers: bearer(token), agent: false });
      request.on('error', reject);
      request.on('response', (response) =>
        response.once('data', (chunk: Buffer) => {
          request.destroy();
          resolve({ status: response.statusCode, bytes: chunk.length });
        }),
      );
    });
    expect(firstChunk.status).toBe(200);
    expect(firstChunk.bytes).toBeGreaterThan(0);
    await vi.waitFor(async () => expect(await exports()).toHaveLength(before + 1), { timeout: 10_000, interval: 100 });
    const [event] = await exports();
    expect(event?.subject).toBe('leads');
    expect(event?.details).toMatchObject({ search: { source: 'bulky' }, completed: false });
    // Only the batches that left before the connection closed.
    expect(event?.details.rowCount).toEqual(expect.any(Number));
    expect(event?.details.rowCount).toBeLessThan(BULKY);
  });

  it('never takes the admin token from the URL', async () => {
    const response = await server.fetch(`/api/admin/leads/export?token=${token}&access_token=${token}`);
    expect(response.status).toBe(401);
  });
});
