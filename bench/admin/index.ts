/**
 * The operator's lists at a million rows, through the real server over HTTP (the identity
 * service reached through the real AWS SDK with signed ListUsers / DescribeUserPool calls):
 * - PostgreSQL: a database of its own on BENCH_DATABASE_URL's server (default the machine's,
 *   postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards; ADMIN_BENCH_ROWS
 *   (1,000,000) identity users and as many leads, seeded by SQL (generate_series).
 * - PGlite (embedded): ADMIN_BENCH_PGLITE_ROWS (100,000) of each.
 * For each: first page, next page, search by email prefix, search by name substring, a
 * filtered total (median and p95 of RUNS requests each); the leads CSV export's time and the
 * process's peak RSS growth during it; RSS idle (after start, before seeding). The query plans
 * of the searches are printed (EXPLAIN ANALYZE).
 * The leads chart (GET /api/admin/leads/chart): the default 30 days, the whole two years by
 * week, a source over 90 days, a search over 30 days; with their plans.
 * ADMIN_BENCH_ONLY=chart seeds only the leads and measures only the chart.
 * The server runs in this process: RSS figures are the server's plus this small client.
 * Run: npm run bench admin
 */
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../../server/db/schema.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';
import { onScratchPostgres } from '../support/scratch-postgres.ts';

const RUNS = Number(process.env.ADMIN_BENCH_RUNS ?? 20);
const PG_ROWS = Number(process.env.ADMIN_BENCH_ROWS ?? 1_000_000);
const PGLITE_ROWS = Number(process.env.ADMIN_BENCH_PGLITE_ROWS ?? 100_000);
const PASSWORD = 'bench admin password';
const TARGETS = { pageMedianMs: 150, pageP95Ms: 300, exportS: 15, exportRssMb: 64, chartMedianMs: 300 };
const ONLY_CHART = process.env.ADMIN_BENCH_ONLY === 'chart';
/** The seeded leads' span (see seed): 2025-01-01 and 700 days on. */
const LEADS_SPAN = { from: '2025-01-01', to: '2026-12-01' };

const LAST_NAMES = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Thompson'];
/** The name part seeded for lead g: its last name (from the pool) and g. */
const nameOf = (g: number) => `${LAST_NAMES[Math.floor(g / 8) % 8]}${g}`.toLowerCase();
const mb = (bytes: number) => Math.round(bytes / 1_048_576);
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? 0;

interface Row {
  database: string;
  figure: string;
  measured: string;
}
const rows: Row[] = [];

async function seed(db: Kysely<Schema>, count: number): Promise<void> {
  const started = performance.now();
  // Names from a small pool (as real names repeat), emails unique; two years of created_at.
  await sql`insert into leads (name, email, source, created_at)
    select (array['Ada','Grace','Alan','Edsger','Barbara','Donald','Frances','Ken'])[1 + g % 8] || ' ' ||
             (array['Lovelace','Hopper','Turing','Dijkstra','Liskov','Knuth','Allen','Thompson'])[1 + (g / 8) % 8] || g,
           'lead' || g || '@mail' || (g % 97) || '.example',
           (array['hero_cta','contact','affiliate','signup','newsletter'])[1 + g % 5],
           timestamptz '2025-01-01' + (g::float8 / ${count}::float8) * interval '700 days'
    from generate_series(1, ${count}::integer) g`.execute(db);
  if (!ONLY_CHART)
    await sql`insert into identity_users (username, email, email_verified, given_name, family_name, status, enabled, created_at, updated_at)
    select md5(g::text), 'user' || g || '@mail' || (g % 97) || '.example', true,
           (array['Ada','Grace','Alan','Edsger','Barbara','Donald','Frances','Ken'])[1 + g % 8], 'Family' || g,
           case when g % 10 = 0 then 'UNCONFIRMED' else 'CONFIRMED' end, g % 50 <> 0, now(), now()
    from generate_series(1, ${count}::integer) g`.execute(db);
  await sql`analyze leads`.execute(db);
  await sql`analyze identity_users`.execute(db);
  console.log(`  seeded ${count.toLocaleString('en')} leads and users in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function plans(db: Kysely<Schema>, count: number): Promise<void> {
  const probe = Math.floor(count / 3);
  const explain = async (title: string, query: ReturnType<typeof sql>) => {
    const { rows: plan } = await sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers, costs off) ${query}`.execute(db);
    console.log(`  plan: ${title}\n${plan.map((line) => `    ${line['QUERY PLAN']}`).join('\n')}`);
  };
  // The chart's queries as databaseLeadsSource().chart builds them (server/features/admin/leads-source.ts):
  // whole days from lead_daily_counts; a search from the leads, grouped by bucket.
  const dailyCounts = (from: string, to: string, source?: string) =>
    sql`select to_char(day, 'YYYY-MM-DD') as day, source, count from lead_daily_counts
        where day >= ${from}::date and day < ${to}::date and count > 0 ${source === undefined ? sql`` : sql`and source = ${source}`}`;
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
  await explain('leads chart, last 30 days (daily counts)', dailyCounts(monthAgo, tomorrow));
  await explain('leads chart, the whole 700 days (daily counts)', dailyCounts(LEADS_SPAN.from, LEADS_SPAN.to));
  await explain('leads chart, source "contact" over 90 days (daily counts)', dailyCounts('2025-03-01', '2025-05-30', 'contact'));
  await explain(
    `leads chart, search "${nameOf(probe)}" over 30 days (the leads, by day)`,
    sql`select date_bin('1 day'::interval, created_at, '2001-01-01T00:00:00.000Z'::timestamptz) as bucket, source, count(*)::integer as count
        from leads where (lower(name) like ${`%${nameOf(probe)}%`} or lower(email) like ${`%${nameOf(probe)}%`})
          and created_at >= ${monthAgo}::date and created_at < ${tomorrow}::date
        group by date_bin('1 day'::interval, created_at, '2001-01-01T00:00:00.000Z'::timestamptz), source`,
  );
  if (ONLY_CHART) return;
  await explain(
    `leads, name or email contains "${nameOf(probe)}" (first page)`,
    sql`select id, name, email, source, created_at from leads
        where lower(name) like ${`%${nameOf(probe)}%`} or lower(email) like ${`%${nameOf(probe)}%`}
        order by created_at desc, id desc limit 101`,
  );
  await explain(
    `leads, email prefix "lead${probe}@" (first page)`,
    sql`select id, name, email, source, created_at from leads
        where lower(name) like ${`%lead${probe}@%`} or lower(email) like ${`%lead${probe}@%`}
        order by created_at desc, id desc limit 101`,
  );
  await explain(
    `ListUsers Filter email ^= "user${probe}" (Limit 60)`,
    sql`select * from identity_users where lower(email) like ${`user${probe}%`} order by username limit 61`,
  );
  await explain(
    `ListUsers Filter family_name ^= "family${probe}" (Limit 60)`,
    sql`select * from identity_users where lower(family_name) like ${`family${probe}%`} order by username limit 61`,
  );
}

async function measure(name: string, server: TestServer, count: number): Promise<void> {
  const login = await server.fetch('/api/admin/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const get = async (path: string) => {
    const response = await server.fetch(path, { headers });
    const body = (await response.json()) as { success: boolean; nextCursor?: string | null; total?: number | null };
    if (response.status !== 200 || !body.success) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
    return body;
  };
  const probe = (i: number) => Math.floor(count / 3) + i * 7919;
  const time = async (
    figure: string,
    path: (i: number) => string,
    target = { median: TARGETS.pageMedianMs, p95: TARGETS.pageP95Ms },
  ) => {
    await get(path(RUNS)); // warm-up
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await get(path(i));
      ms.push(performance.now() - started);
    }
    const median = quantile(ms, 0.5);
    const p95 = quantile(ms, 0.95);
    const within = median <= target.median && p95 <= target.p95;
    rows.push({
      database: name,
      figure,
      measured: `${median.toFixed(0)} ms median, ${p95.toFixed(0)} ms p95${within ? '' : ` (over ${target.median}/${target.p95})`}`,
    });
    console.log(`  ${figure}: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
  };

  // The chart, whose target is its median alone (it is drawn once per filter change, not per scroll).
  const chartTarget = { median: TARGETS.chartMedianMs, p95: Infinity };
  await time('leads chart: last 30 days by day (default)', () => '/api/admin/leads/chart', chartTarget);
  await time(
    'leads chart: 700 days by week (every lead)',
    () => `/api/admin/leads/chart?from=${LEADS_SPAN.from}&to=${LEADS_SPAN.to}`,
    chartTarget,
  );
  await time(
    'leads chart: source + 90 days by day',
    (i) => `/api/admin/leads/chart?source=contact&from=2025-0${1 + (i % 7)}-01&to=2025-0${3 + (i % 7)}-28`,
    chartTarget,
  );
  await time('leads chart: search, name substring, 30 days', (i) => `/api/admin/leads/chart?q=${nameOf(probe(i))}`, chartTarget);
  if (ONLY_CHART) return;

  const first = await get('/api/admin/leads');
  const usersFirst = await get('/api/admin/users');
  console.log(`  leads total ${first.total} , users total ${usersFirst.total}`);
  await time('leads: first page (50)', () => '/api/admin/leads');
  await time('leads: next page', () => `/api/admin/leads?cursor=${first.nextCursor}`);
  await time('leads: search, email prefix', (i) => `/api/admin/leads?q=lead${probe(i)}%40`);
  await time('leads: search, name substring', (i) => `/api/admin/leads?q=${nameOf(probe(i))}`);
  await time(
    'leads: filtered total (source + month)',
    (i) => `/api/admin/leads?limit=1&source=contact&from=2025-0${1 + (i % 9)}-01&to=2025-0${1 + (i % 9)}-28`,
  );
  await time('users: first page (50) + DescribeUserPool', () => '/api/admin/users');
  await time('users: next page', () => `/api/admin/users?cursor=${encodeURIComponent(usersFirst.nextCursor ?? '')}`);
  await time('users: search, email prefix', (i) => `/api/admin/users?q=user${probe(i)}%40`);
  await time('users: search, last name prefix', (i) => `/api/admin/users?q=family${probe(i)}&searchBy=family_name`);

  // The export: its time, and how far the process's RSS rises above where it was.
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peak = Math.max(peak, usage.rss);
    heapPeak = Math.max(heapPeak, usage.heapUsed);
  }, 20);
  const started = performance.now();
  const response = await server.fetch('/api/admin/leads/export', { headers });
  const reader = response.body?.getReader();
  let bytes = 0;
  let newlines = 0;
  for (;;) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done) break;
    bytes += chunk.value.byteLength;
    for (const byte of chunk.value) if (byte === 10) newlines++;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (newlines !== count) throw new Error(`export had ${newlines + 1} lines, expected ${count + 1}`);
  rows.push({
    database: name,
    figure: `CSV export of ${count.toLocaleString('en')} leads`,
    measured: `${seconds.toFixed(1)} s, ${mb(bytes)} MB; RSS ${mb(before)} → peak ${mb(peak)} MB (+${mb(peak - before)} MB); JS heap used ${mb(heapBefore)} → peak ${mb(heapPeak)} MB`,
  });
  console.log(
    `  export: ${seconds.toFixed(1)} s, ${mb(bytes)} MB, RSS ${mb(before)} MB → peak ${mb(peak)} MB, heap used ${mb(heapBefore)} → ${mb(heapPeak)} MB`,
  );
}

async function run(name: string, count: number, postgresUrl: string | undefined): Promise<void> {
  console.log(`\n${name}, ${count.toLocaleString('en')} rows`);
  if (postgresUrl) process.env.TEST_DATABASE_URL = postgresUrl;
  const server = await startTestServer({
    env: { ADMIN_PASSWORD: PASSWORD, IDENTITY_RATE_LIMIT_PER_IP: '1000000' },
    postgres: postgresUrl !== undefined,
  });
  try {
    global.gc?.();
    const idle = process.memoryUsage().rss;
    rows.push({ database: name, figure: 'RSS idle (server and bench client, one process)', measured: `${mb(idle)} MB` });
    await seed(server.app.database.db, count);
    await plans(server.app.database.db, count);
    await measure(name, server, count);
  } finally {
    await server.close();
  }
}

await onScratchPostgres((url) => run('PostgreSQL', PG_ROWS, url));
await run('PGlite', PGLITE_ROWS, undefined);

console.log('\n| database | figure | measured |\n| --- | --- | --- |');
for (const row of rows) console.log(`| ${row.database} | ${row.figure} | ${row.measured} |`);
console.log(
  `\nTargets at 1,000,000 rows on PostgreSQL: pages and searches ≤ ${TARGETS.pageMedianMs} ms median and ≤ ${TARGETS.pageP95Ms} ms p95; the leads chart ≤ ${TARGETS.chartMedianMs} ms median; export ≤ ${TARGETS.exportS} s with RSS growing ≤ ${TARGETS.exportRssMb} MB.`,
);
