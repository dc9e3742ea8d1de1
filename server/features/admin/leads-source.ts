import type { createClient } from '@supabase/supabase-js';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Lead } from '../../../src-shared/domain/admin.ts';
import type { LeadDetail, ListPage } from '../../../src-shared/domain/admin-lists.ts';
import type { RowReader } from '../../db/database.ts';
import type { Schema } from '../../db/schema.ts';
import type { SupabaseLeadsConfig } from './config.ts';
import { totalOf } from '../../db/row-count.ts';
import { BUCKET_ORIGIN, bucketStart, isoDay, type LeadsChartCount, type LeadsChartRequest } from './lead-chart.ts';
import { readLeadDetail } from './lead-detail.ts';
import { decodeCursor, encodeCursor, escapeLike, InvalidListQuery, isRowId } from '../../db/list-query.ts';
import { CSV_NEWLINE, leadCsvRecord } from '../../../src-shared/domain/admin-csv.ts';

/** What the operator narrows the leads to: the same for a page and for the export. */
export interface LeadsFilter {
  /** Case-insensitive substring of the name, the email or the source. */
  q?: string;
  source?: string;
  /** Created at or after. */
  from?: Date;
  /** Created before. */
  to?: Date;
  order: 'asc' | 'desc';
}

export interface LeadsPageRequest extends LeadsFilter {
  limit: number;
  cursor?: string;
  /** Whether to count the rows the filter finds (the export's pages do not need it). */
  withTotal: boolean;
}

/** Where the admin area reads leads from (our database, or a hosted Supabase table): a page at a time. */
export interface LeadsSource {
  /** Throws InvalidListQuery (list-query.ts) for a cursor this source did not make. */
  page(request: LeadsPageRequest): Promise<ListPage<Lead>>;
  /** The leads the filter finds in the span, counted by bucket (lead-chart.ts) and source. */
  chart(request: LeadsChartRequest): Promise<LeadsChartCount[]>;
  /**
   * The export's CSV records, a batch at a time, when the source writes them itself (cheaper
   * than pages of leads); otherwise the export formats `allLeads`.
   */
  csv?(filter: LeadsFilter): AsyncGenerator<CsvBatch>;
  /**
   * Everything our database holds about one of its leads. A hosted table has none: its ids
   * are its own, and reading ours by them would show another person's records.
   */
  detail?(id: number): Promise<LeadDetail | undefined>;
}

/** Some CSV records, each after CSV_NEWLINE, as one string. */
export interface CsvBatch {
  text: string;
  rows: number;
}

/**
 * Rows a batch of the export reads. Small on purpose: whatever is alive when the young
 * generation is collected (a dozen times a second during an export) is moved to the old one,
 * which then grows until a full collection, so fewer rows in flight means less of it. A
 * keyset query of 1,000 rows is still cheap next to formatting them (bench/admin/export.ts).
 */
const EXPORT_BATCH = 1000;

/** Every lead the filter finds, a batch at a time, for a streamed export. */
export async function* allLeads(source: LeadsSource, filter: LeadsFilter): AsyncGenerator<Lead[]> {
  const read = (cursor?: string) => {
    const page = source.page({ ...filter, limit: EXPORT_BATCH, withTotal: false, ...(cursor ? { cursor } : {}) });
    // Awaited below; if the export stops first (the client went away), its failure goes nowhere.
    page.catch(() => undefined);
    return page;
  };
  for (let next = read(); ;) {
    const page = await next;
    const cursor = page.nextCursor ?? undefined;
    // The next batch is read while this one is written out: the database works while this
    // process formats and sends, one batch ahead at most.
    if (cursor !== undefined) next = read(cursor);
    if (page.items.length > 0) yield page.items;
    if (cursor === undefined) return;
  }
}

/**
 * Rows a batch of the database's own CSV export reads. 500 rows, or no batch read ahead, left
 * the export's RSS growth where it was and made it slower (bench/admin/export.ts).
 */
const CSV_BATCH = 2000;

/**
 * created_at as Date.prototype.toISOString writes it (milliseconds, UTC), formatted by the
 * database so the export makes no Date a row. Outside years 1 to 9999 (where toISOString
 * writes a sign and six digits) it is null and the row's microseconds are formatted here.
 */
const CREATED_AT_ISO = sql<
  string | null
>`case when created_at >= timestamptz '0001-01-01 00:00:00+00' and created_at < timestamptz '10000-01-01 00:00:00+00' then to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end`;

/** A keyset position: created_at in microseconds since 1970 (exact, unlike a JS Date) and id. */
interface LeadPosition {
  t: string;
  i: number;
}

/**
 * The earliest instant a PostgreSQL timestamptz holds (4713-11-24 BC, UTC), in microseconds
 * since 1970: a position before it is out of the database's range, so no list made it.
 */
const EARLIEST_US = -210_866_803_200_000_000n;

function isLeadPosition(value: unknown): value is LeadPosition {
  const { t, i } = value as Partial<LeadPosition>;
  // 18 digits at most stays below the latest timestamptz (294276 AD).
  return typeof t === 'string' && /^-?\d{1,18}$/.test(t) && BigInt(t) >= EARLIEST_US && isRowId(i);
}

type LeadsQuery = SelectQueryBuilder<Schema, 'leads', object>;

/** Rows after (or before, descending) the keyset position. */
function whereAfter(query: LeadsQuery, after: LeadPosition, direction: 'asc' | 'desc'): LeadsQuery {
  const position = sql`(timestamptz 'epoch' + ${after.t}::bigint * interval '1 microsecond', ${after.i}::integer)`;
  return query.where(
    direction === 'desc' ? sql<boolean>`(created_at, id) < ${position}` : sql<boolean>`(created_at, id) > ${position}`,
  );
}

const CREATED_US = sql<string>`(extract(epoch from created_at) * 1000000)::bigint::text`;

/** The columns a search (`q`) looks in, in our table and in a hosted one. */
const SEARCHED = ['name', 'email', 'source'] as const;

function whereFilter(query: LeadsQuery, filter: Omit<LeadsFilter, 'order'>): LeadsQuery {
  let filtered = query;
  const q = filter.q?.trim().toLowerCase();
  if (q) {
    // lower(...) like '%q%' is what the trigram indexes of migrations 10 and 20 answer.
    const pattern = `%${escapeLike(q)}%`;
    filtered = filtered.where((eb) => eb.or(SEARCHED.map((column) => eb(eb.fn('lower', [column]), 'like', pattern))));
  }
  if (filter.source !== undefined) filtered = filtered.where('source', '=', filter.source);
  if (filter.from !== undefined) filtered = filtered.where('created_at', '>=', filter.from);
  if (filter.to !== undefined) filtered = filtered.where('created_at', '<', filter.to);
  return filtered;
}

/**
 * The `leads` table of our database (PostgreSQL or PGlite), in keyset pages of (created_at, id).
 * `readRows` (PostgreSQL) reads the export's batches (database.ts says why).
 */
export function databaseLeadsSource(db: Kysely<Schema>, readRows?: RowReader): LeadsSource {
  return {
    async page(request) {
      const after = request.cursor === undefined ? undefined : decodeCursor(request.cursor, isLeadPosition);
      const direction = request.order;
      let query = whereFilter(db.selectFrom('leads'), request);
      if (after !== undefined) query = whereAfter(query, after, direction);
      const [rows, total] = await Promise.all([
        query
          .select(['id', 'name', 'email', 'source', 'created_at'])
          .select(CREATED_US.as('created_us'))
          .orderBy('created_at', direction)
          .orderBy('id', direction)
          .limit(request.limit + 1)
          .execute(),
        request.withTotal ? totalOf(db, whereFilter(db.selectFrom('leads'), request)) : undefined,
      ]);
      const page = rows.slice(0, request.limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          source: row.source,
          created_at: row.created_at.toISOString(),
        })),
        nextCursor: rows.length > request.limit && last ? encodeCursor({ t: last.created_us, i: last.id }) : null,
        total: total?.total ?? null,
        totalIsEstimate: total?.isEstimate ?? false,
      };
    },

    csv: (filter) => databaseLeadsCsv(db, filter, readRows),

    detail: (id) => readLeadDetail(db, id),

    async chart(request) {
      // Whole UTC days come from lead_daily_counts (migration 15), a few rows a day; a search,
      // and the part-days at either end of a span given to the instant, count the leads.
      const firstDay = new Date(Math.ceil(request.from.getTime() / DAY_MS) * DAY_MS);
      const endDay = new Date(Math.floor(request.to.getTime() / DAY_MS) * DAY_MS);
      if (request.q?.trim() || firstDay.getTime() >= endDay.getTime()) return countLeads(db, request);
      let days = db
        .selectFrom('lead_daily_counts')
        .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'source', 'count'])
        .where('day', '>=', sql<Date>`${isoDay(firstDay)}::date`)
        .where('day', '<', sql<Date>`${isoDay(endDay)}::date`)
        .where('count', '>', 0);
      if (request.source !== undefined) days = days.where('source', '=', request.source);
      const [whole, before, after] = await Promise.all([
        days.execute(),
        request.from < firstDay ? countLeads(db, { ...request, to: firstDay }) : [],
        endDay < request.to ? countLeads(db, { ...request, from: endDay }) : [],
      ]);
      const counts = new Map<string, LeadsChartCount>();
      const add = (start: string, source: string, count: number) => {
        const key = `${start} ${source}`;
        const entry = counts.get(key) ?? { start, source, count: 0 };
        entry.count += count;
        counts.set(key, entry);
      };
      for (const row of whole)
        add(isoDay(bucketStart(new Date(`${row.day}T00:00:00Z`), request.interval)), row.source, row.count);
      for (const row of [...before, ...after]) add(row.start, row.source, row.count);
      return [...counts.values()];
    },
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** toISOString of microseconds since 1970 (as text), rounded down to the millisecond as a Date holds it. */
function isoFromMicroseconds(text: string): string {
  const microseconds = BigInt(text);
  const remainder = microseconds % 1000n;
  return new Date(Number((microseconds - (remainder < 0n ? remainder + 1000n : remainder)) / 1000n)).toISOString();
}

interface CsvRow {
  id: number;
  name: string;
  email: string;
  source: string;
  created: string | null;
  created_us: string;
}

/** A batch's CSV text and where the next batch starts; undefined for no rows. */
function csvOfRows(rows: CsvRow[]): (CsvBatch & { last: LeadPosition }) | undefined {
  const last = rows.at(-1);
  if (last === undefined) return undefined;
  let text = '';
  for (const row of rows) {
    const created = row.created ?? isoFromMicroseconds(row.created_us);
    text += CSV_NEWLINE + leadCsvRecord(row.name, row.email, row.source, created);
  }
  return { text, rows: rows.length, last: { t: last.created_us, i: last.id } };
}

/**
 * The leads CSV of the database's rows, in keyset batches as the pages, the next batch read
 * while this one is written. A row is its text columns and two short strings (created_at
 * already formatted by the database, the keyset position), a batch one string: no Lead object,
 * Date or array of cells a row. On PostgreSQL the batches are read through `readRows`. A
 * million leads on PostgreSQL: 5.7 to 7.2 s and the server's RSS +11 to +16 MB, against 8.6 to
 * 17.5 s and +123 to +152 MB from pages of Lead objects (bench/admin/export.ts, same hour).
 */
async function* databaseLeadsCsv(db: Kysely<Schema>, filter: LeadsFilter, readRows?: RowReader): AsyncGenerator<CsvBatch> {
  const direction = filter.order;
  const read = (after: LeadPosition | undefined) => {
    let query = whereFilter(db.selectFrom('leads'), filter);
    if (after !== undefined) query = whereAfter(query, after, direction);
    const batch = query
      .select(['id', 'name', 'email', 'source'])
      .select([CREATED_AT_ISO.as('created'), CREATED_US.as('created_us')])
      .orderBy('created_at', direction)
      .orderBy('id', direction)
      .limit(CSV_BATCH);
    const rows = readRows ? readRows<CsvRow>(batch.compile()) : batch.execute();
    // Awaited below; if the export stops first (the client went away), its failure goes nowhere.
    rows.catch(() => undefined);
    return rows;
  };
  for (let next = read(undefined); ;) {
    // The rows are formatted and dropped in one call: only the text outlives it.
    const batch = csvOfRows(await next);
    if (batch === undefined) return;
    if (batch.rows === CSV_BATCH) next = read(batch.last);
    yield { text: batch.text, rows: batch.rows };
    if (batch.rows < CSV_BATCH) return;
  }
}

/** The chart's counts from the leads themselves: grouped by bucket and source in the database. */
async function countLeads(db: Kysely<Schema>, request: LeadsChartRequest): Promise<LeadsChartCount[]> {
  // date_bin from a Monday at UTC midnight: UTC days or Monday weeks, the buckets of
  // lead-chart.ts; plain arithmetic per row, unlike date_trunc in a time zone. The width is
  // a literal so that the select and the group by are the same expression to PostgreSQL.
  const bucket = sql<Date>`date_bin(${sql.lit(request.interval === 'week' ? '7 days' : '1 day')}::interval, created_at, ${sql.lit(BUCKET_ORIGIN.toISOString())}::timestamptz)`;
  const rows = await whereFilter(db.selectFrom('leads'), request)
    .select([bucket.as('bucket'), 'source', sql<number>`count(*)::integer`.as('count')])
    .groupBy([bucket, 'source'])
    .execute();
  return rows.map((row) => ({ start: isoDay(new Date(row.bucket)), source: row.source, count: row.count }));
}

type RealtimeTransport = NonNullable<NonNullable<NonNullable<Parameters<typeof createClient>[2]>['realtime']>['transport']>;
const RealtimeNotUsed = function realtimeNotUsed(): never {
  throw new Error('The admin leads reader does not use Supabase realtime');
} as unknown as RealtimeTransport;

/**
 * PostgREST answers at most this many rows a request (Supabase's default max-rows); above it,
 * its `estimated` count is the planner's estimate.
 */
export const SUPABASE_PAGE_SIZE = 1000;

/**
 * The most leads the Supabase source reads for one chart. PostgREST has no group by (its
 * aggregates are off on Supabase unless the project turns them on), so the chart reads the
 * span's rows a page at a time and counts them here; a span holding more is refused (a 400
 * asking for narrower dates or filters) rather than read without end.
 */
const SUPABASE_CHART_MAX_ROWS = 20_000;

/** Supabase's pages are offsets (PostgREST's `range`): its filters cannot express a row comparison. */
interface SupabasePosition {
  o: number;
}
const isSupabasePosition = (value: unknown): value is SupabasePosition =>
  Number.isSafeInteger((value as Partial<SupabasePosition>).o) && (value as SupabasePosition).o > 0;

/** A value inside PostgREST's `or=(...)` syntax: double-quoted, so commas and brackets stay literal. */
function postgrestQuoted(value: string): string {
  return `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`;
}

/**
 * A Supabase project's `leads` table, read on the server with the service-role key (which
 * never reaches a browser): filtered, counted and paged by PostgREST (ilike, count, range).
 */
export async function supabaseLeadsSource(config: SupabaseLeadsConfig): Promise<LeadsSource> {
  // Imported only for a Supabase source: a server reading its own table never loads supabase-js.
  const { createClient } = await import('@supabase/supabase-js');
  const client = createClient(config.url, config.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Only the REST API is used. Node 20 has no WebSocket, and supabase-js refuses to start
    // without one unless given a transport; this one says plainly that realtime is not used.
    realtime: { transport: RealtimeNotUsed },
  });
  return {
    async page(request) {
      const offset = request.cursor === undefined ? 0 : decodeCursor(request.cursor, isSupabasePosition).o;
      // A page never asks for more than max-rows, so PostgREST never cuts one short.
      const limit = Math.min(request.limit, SUPABASE_PAGE_SIZE - 1);
      const ascending = request.order === 'asc';
      const query = filtered(
        client.from('leads').select('id, name, email, source, created_at', request.withTotal ? { count: 'estimated' } : {}),
        request,
      );
      const { data, error, count } = await query
        .order('created_at', { ascending })
        .order('id', { ascending })
        .range(offset, offset + limit);
      if (error) throw new Error(`Supabase leads query failed: ${error.message}`);
      const rows = (data ?? []) as SupabaseLeadRow[];
      return {
        items: rows.slice(0, limit).map(toLead),
        nextCursor: rows.length > limit ? encodeCursor({ o: offset + limit }) : null,
        total: request.withTotal ? (count ?? null) : null,
        totalIsEstimate: request.withTotal && count !== null && count >= SUPABASE_PAGE_SIZE,
      };
    },

    async chart(request) {
      const counts = new Map<string, LeadsChartCount>();
      const pageSize = SUPABASE_PAGE_SIZE;
      for (let offset = 0; ; offset += pageSize) {
        // The first page also counts the span's rows exactly, so a span too large is refused up front.
        const { data, error, count } = await filtered(
          client.from('leads').select('source, created_at', offset === 0 ? { count: 'exact' } : {}),
          request,
        )
          .order('created_at', { ascending: true })
          .order('id', { ascending: true })
          .range(offset, offset + pageSize - 1);
        if (error) throw new Error(`Supabase leads query failed: ${error.message}`);
        if (offset === 0 && count !== null && count > SUPABASE_CHART_MAX_ROWS) {
          throw new InvalidListQuery(
            `The leads chart reads at most ${SUPABASE_CHART_MAX_ROWS.toLocaleString('en')} leads from Supabase and this span holds ${count.toLocaleString('en')}: narrow 'from'/'to' or filter by source or search`,
          );
        }
        const rows = (data ?? []) as Pick<SupabaseLeadRow, 'source' | 'created_at'>[];
        for (const row of rows) {
          const start = isoDay(bucketStart(new Date(row.created_at), request.interval));
          const source = row.source ?? '';
          const key = `${start} ${source}`;
          const entry = counts.get(key) ?? { start, source, count: 0 };
          entry.count += 1;
          counts.set(key, entry);
        }
        // Rows added while paging could push the span past the bound: it still stops there.
        if (rows.length < pageSize || offset + pageSize >= SUPABASE_CHART_MAX_ROWS) break;
      }
      return [...counts.values()];
    },
  };
}

/** The PostgREST filter methods both reads use (a structural type: supabase-js's own are too deep to constrain a generic with). */
interface PostgrestFilters {
  or(filters: string): PostgrestFilters;
  eq(column: string, value: string): PostgrestFilters;
  gte(column: string, value: string): PostgrestFilters;
  lt(column: string, value: string): PostgrestFilters;
}

/** The list's filters on a PostgREST query, so the chart counts exactly the rows the list pages through. */
function filtered<Query extends object>(query: Query, filter: Omit<LeadsFilter, 'order'>): Query {
  let result = query as unknown as PostgrestFilters;
  const q = filter.q?.trim();
  if (q) {
    const pattern = postgrestQuoted(`%${escapeLike(q)}%`);
    result = result.or(SEARCHED.map((column) => `${column}.ilike.${pattern}`).join(','));
  }
  if (filter.source !== undefined) result = result.eq('source', filter.source);
  if (filter.from !== undefined) result = result.gte('created_at', filter.from.toISOString());
  if (filter.to !== undefined) result = result.lt('created_at', filter.to.toISOString());
  return result as unknown as Query;
}

interface SupabaseLeadRow {
  id: number | string;
  name: string | null;
  email: string | null;
  source: string | null;
  created_at: string;
}

function toLead(row: SupabaseLeadRow): Lead {
  return {
    id: row.id,
    name: row.name ?? '',
    email: row.email ?? '',
    source: row.source ?? '',
    created_at: new Date(row.created_at).toISOString(),
    hosted: true,
  };
}
