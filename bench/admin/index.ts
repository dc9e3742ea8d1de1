/**
 * The admin lists at scale, through the real server over HTTP (embedded database, embedded
 * identity service reached through the real AWS SDK with signed ListUsers calls):
 * - 10,000 users: GET /api/admin/users (walking every 60-user ListUsers page), then the
 *   users CSV built as the admin screen builds it. Bar: ≤ 2 s.
 * - 10,000 leads: GET /api/admin/leads, then the leads CSV. Bar: ≤ 1 s.
 * Prints the median and the slowest of RUNS runs of each, and the bar ratios.
 * Run: npm run bench admin
 */
import { sql } from 'kysely';
import { leadsCsv, usersCsv } from '../../src-shared/domain/admin-csv.ts';
import type { LeadsReply, UsersReply } from '../../src-shared/domain/admin.ts';
import { toManagedUser } from '../../src-shared/domain/managed-user.ts';
import { startTestServer } from '../../tests/support/test-server.ts';

const COUNT = 10_000;
const RUNS = 5;
const BARS = { usersMs: 2000, leadsCsvMs: 1000 };
const PASSWORD = 'bench admin password';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timed(run: () => Promise<number>): Promise<{ ms: number; rows: number }> {
  const start = performance.now();
  const rows = await run();
  return { ms: performance.now() - start, rows };
}

// Each listing of 10,000 users is 167 ListUsers calls from 127.0.0.1; the identity service's
// per-address limit (600 a minute by default) would stop the repeated runs, not a real operator.
const server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD } });
try {
  const db = server.app.database.db;
  // Seeded in SQL: signing up 10,000 users through the service would time argon2, not listing.
  await sql`insert into leads (name, email, source, created_at)
    select 'Lead ' || g, 'lead' || g || '@example.com', case when g % 3 = 0 then 'hero_cta' else 'contact' end,
      now() - (g || ' minutes')::interval
    from generate_series(1, ${COUNT}) g`.execute(db);
  await sql`insert into identity_users (username, email, email_verified, given_name, family_name, status, enabled, created_at, updated_at)
    select 'bench-user-' || g, 'user' || g || '@example.com', true, 'First' || g, 'Last' || g, 'CONFIRMED', g % 10 <> 0, now(), now()
    from generate_series(1, ${COUNT}) g`.execute(db);

  const login = await server.fetch('/api/admin/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };

  const usersRun = () =>
    timed(async () => {
      const reply = (await (await server.fetch('/api/admin/users', { headers })).json()) as UsersReply;
      const csv = usersCsv((reply.users ?? []).map(toManagedUser));
      if (csv.length === 0) throw new Error('empty CSV');
      return reply.users?.length ?? 0;
    });
  const leadsRun = () =>
    timed(async () => {
      const reply = (await (await server.fetch('/api/admin/leads', { headers })).json()) as LeadsReply;
      const csv = leadsCsv(reply.leads ?? []);
      if (csv.length === 0) throw new Error('empty CSV');
      return reply.leads?.length ?? 0;
    });

  // One warm-up each (JIT, the SDK client's first connection), then the measured runs.
  await usersRun();
  await leadsRun();
  const users: number[] = [];
  const leads: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const u = await usersRun();
    const l = await leadsRun();
    if (u.rows !== COUNT || l.rows !== COUNT) throw new Error(`expected ${COUNT} rows, got ${u.rows} users and ${l.rows} leads`);
    users.push(u.ms);
    leads.push(l.ms);
  }
  const line = (name: string, values: number[], bar: number) => {
    const m = median(values);
    console.log(
      `${name}: median ${m.toFixed(0)} ms, slowest ${Math.max(...values).toFixed(0)} ms over ${RUNS} runs; ` +
        `bar ${bar} ms, median/bar ${(m / bar).toFixed(2)} ${m <= bar ? '(within)' : '(OVER)'}`,
    );
  };
  line(`list + CSV of ${COUNT} users`, users, BARS.usersMs);
  line(`list + CSV of ${COUNT} leads`, leads, BARS.leadsCsvMs);
} finally {
  await server.close();
}
