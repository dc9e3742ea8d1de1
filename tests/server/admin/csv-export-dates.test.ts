import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lead } from '../../../src-shared/domain/admin.ts';
import { leadCsvCells, leadCsvRecord } from '../../../src-shared/domain/admin-csv.ts';
import { leadsCsv } from '../../support/admin-csv.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { ADMIN_PASSWORD, adminToken, bearer, TEST_DATABASES } from './admin-client.ts';

/**
 * The database writes the streamed export's rows itself (created_at formatted by to_char, the
 * records built without a Lead or an array of cells a row): the bytes must stay what the
 * in-memory export makes of the same leads as the list reads them (Date, toISOString), also for
 * microseconds, instants before 1970, the last microsecond of a millisecond, ties on created_at
 * across batch boundaries, both orders and a filter.
 */
// More than two of the export's batches (2,000 rows), not a multiple of one; 1,800 leads share
// one created_at, across a batch boundary when newest first.
const ROWS = 4_500;

describe.each(TEST_DATABASES)('GET /api/admin/leads/export on $name: created_at and keyset batches', ({ postgres }) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_PASSWORD }, postgres });
    token = await adminToken(server);
    await sql`insert into leads (name, email, source, created_at)
      select case g % 4 when 0 then '-' || g when 1 then 'Say "hi" ' || g else 'Lead ' || g end,
             'lead' || g || '@example.com',
             case when g % 2 = 0 then 'newsletter' else 'contact' end,
             case g % 5
               when 0 then timestamptz '1969-12-31 23:59:59.999999+00' - (g * interval '1 microsecond')
               when 1 then timestamptz '2026-03-01 12:00:00.000999+00' + ((g / 10) * interval '1 millisecond')
               when 2 then timestamptz '1900-06-01 00:00:00.5+00'
               when 3 then timestamptz '1900-06-01 00:00:00.5+00'
               else timestamptz '2025-07-04 08:00:00+05:30' + (g * interval '1 second 123457 microseconds') end
      from generate_series(1, ${ROWS}::integer) g`.execute(server.app.database.db);
  }, 120_000);
  afterAll(() => server.close());

  async function leadsAsListed(order: 'asc' | 'desc', source?: string): Promise<Lead[]> {
    let query = server.app.database.db.selectFrom('leads').select(['id', 'name', 'email', 'source', 'created_at']);
    if (source !== undefined) query = query.where('source', '=', source);
    const rows = await query.orderBy('created_at', order).orderBy('id', order).execute();
    return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
  }

  for (const [label, query, order, source] of [
    ['newest first', '', 'desc', undefined],
    ['oldest first', '?order=asc', 'asc', undefined],
    ['one source, oldest first', '?order=asc&source=newsletter', 'asc', 'newsletter'],
  ] as const) {
    it(`${label}: byte for byte the in-memory export`, async () => {
      const response = await server.fetch(`/api/admin/leads/export${query}`, { headers: bearer(token) });
      expect(response.status).toBe(200);
      const streamed = Buffer.from(await response.arrayBuffer());
      const leads = await leadsAsListed(order, source);
      expect(leads.length).toBeGreaterThan(1000);
      expect(streamed.equals(Buffer.from(leadsCsv(leads)))).toBe(true);
    });
  }

  it('leadCsvRecord writes what csvRecord writes of leadCsvCells', () => {
    const lead = { id: 1, name: '=cmd', email: ' @x "y"', source: '+z', created_at: '2026-01-01T00:00:00.000Z' };
    expect(leadCsvRecord(lead.name, lead.email, lead.source, lead.created_at)).toBe(leadsCsv([lead]).split('\r\n')[1]);
    expect(leadCsvCells(lead)).toHaveLength(4);
  });
});
