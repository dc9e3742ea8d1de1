/**
 * The audit log at a million events, through the real server over HTTP: GET /api/admin/audit
 * for the first page, a page deep in the log (by cursor), and pages filtered by type, by
 * actor and by a day. Keyset pages cost the same however deep they are; each filter has
 * its index. Prints the median and the slowest of RUNS runs of each.
 * Database: PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, else PGlite.
 * Run: npm run bench audit   (COUNT=… to change the size)
 */
import { sql } from 'kysely';
import type { AuditPageReply } from '../../src-shared/domain/audit.ts';
import { encodeCursor } from '../../server/features/audit/store.ts';
import { startTestServer } from '../../tests/support/test-server.ts';

const COUNT = Number(process.env.COUNT ?? 1_000_000);
const RUNS = 7;
const PASSWORD = 'bench admin password';
const postgres = Boolean(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL);
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

// Seeding a million rows is one long statement, past the server's statement timeout.
const server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD, DATABASE_STATEMENT_TIMEOUT_MS: '600000' }, postgres });
try {
  const db = server.app.database.db;
  const seedStart = performance.now();
  // A year of events, 1 in 10 a refused sign-in, spread over 10,000 customers.
  await sql`insert into audit_events (event_type, actor, actor_email, subject, details, ip, created_at)
    select case when g % 10 = 0 then 'customer.login.failed' else 'customer.login' end,
      'sub-' || (g % 10000), 'customer' || (g % 10000) || '@example.com', 'customer' || (g % 10000) || '@example.com',
      '{"provider":"password","flow":"password"}'::jsonb, '203.0.113.' || (g % 250),
      timestamptz '2026-01-01T00:00:00Z' + (g * (31536000.0 / ${COUNT})) * interval '1 second'
    from generate_series(1, ${COUNT}) g`.execute(db);
  await sql`analyze audit_events`.execute(db);
  console.log(
    `seeded ${COUNT.toLocaleString('en')} events in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (${postgres ? 'PostgreSQL' : 'PGlite'})`,
  );

  const login = await server.fetch('/api/admin/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const page = async (query: string) => {
    const response = await server.fetch(`/api/admin/audit?${query}`, { headers });
    if (response.status !== 200) throw new Error(`${query}: ${response.status} ${await response.text()}`);
    return (await response.json()) as AuditPageReply;
  };

  // A cursor about 90% of the way down: walk there by the database, not 18,000 pages.
  const deep = await db
    .selectFrom('audit_events')
    .select(['id', sql<string>`(extract(epoch from created_at) * 1000000)::bigint::text`.as('micros')])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(Math.floor(COUNT * 0.9))
    .limit(1)
    .executeTakeFirstOrThrow();
  const deepCursor = encodeCursor({ micros: deep.micros, id: deep.id });

  const cases: [string, string][] = [
    ['first page (50)', ''],
    ['200 events', 'limit=200'],
    ['page 90% deep (cursor)', `cursor=${deepCursor}`],
    ['type = refused sign-in', 'type=customer.login.failed'],
    ['actor = one customer', 'actor=customer4242@example.com'],
    ['one day', 'from=2026-06-01T00:00:00Z&to=2026-06-02T00:00:00Z'],
    [
      'actor + type + month',
      'actor=customer4242@example.com&type=customer.login&from=2026-03-01T00:00:00Z&to=2026-04-01T00:00:00Z',
    ],
  ];
  for (const [name, query] of cases) {
    await page(query);
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      rows = (await page(query)).events?.length ?? 0;
      times.push(performance.now() - start);
    }
    console.log(
      `${name.padEnd(26)} ${String(rows).padStart(4)} rows   median ${median(times).toFixed(1).padStart(7)} ms   slowest ${Math.max(
        ...times,
      )
        .toFixed(1)
        .padStart(7)} ms`,
    );
  }
} finally {
  await server.close();
}
