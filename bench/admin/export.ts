/**
 * A CSV export (EXPORT_DATASET: `leads`, the default, or `users`) through the compiled server
 * (`node dist/server/index.js`, as `npm start` runs it) in a process of its own, so its RSS is
 * the server's alone: EXPORT_ROWS (1,000,000) leads or identity users seeded by SQL in a
 * database of its own on BENCH_DATABASE_URL's server (default the machine's,
 * postgres://postgres@127.0.0.1:5432/postgres; dropped afterwards), then EXPORT_RUNS (3)
 * exports read by this process as fast as it can: time, size, and the server's RSS before and
 * at its peak (/proc, sampled every 20 ms). The users' export reads the embedded pool's
 * tables 2,000 users a page with ListUsers' own query (from AWS Cognito it walks ListUsers'
 * pages of 60 through the AWS SDK). Builds the server first.
 * EXPORT_DATABASE_URL instead names a database already holding the rows (neither seeded nor
 * dropped), for comparing builds run after run. NODE_ARGS adds node options to the server's
 * command line.
 * Run: npx tsx bench/admin/export.ts (EXPORT_DATASET=users npx tsx bench/admin/export.ts)
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { buildCompiledServer, spawnCompiledServer, type CompiledServer } from '../support/compiled-server.ts';

const ROWS = Number(process.env.EXPORT_ROWS ?? 1_000_000);
const RUNS = Number(process.env.EXPORT_RUNS ?? 3);
const PASSWORD = 'bench admin export password';
const DATASET = process.env.EXPORT_DATASET ?? 'leads';
/** Each dataset's table and the SQL that seeds it with ROWS rows. */
const SEEDS: Record<string, { table: string; sql: string }> = {
  leads: {
    table: 'leads',
    sql: `insert into leads (name, email, source, created_at)
    select 'Lead ' || g, 'lead' || g || '@mail' || (g % 97) || '.example',
           (array['hero_cta','contact','affiliate','signup','newsletter'])[1 + g % 5],
           timestamptz '2025-01-01' + (g::float8 / ${ROWS}::float8) * interval '700 days'
    from generate_series(1, ${ROWS}::integer) g`,
  },
  users: {
    table: 'identity_users',
    sql: `insert into identity_users (username, email, email_verified, given_name, family_name, status, enabled, created_at, updated_at)
    select md5(g::text), 'user' || g || '@mail' || (g % 97) || '.example', true, 'Given' || g % 500, 'Family' || g,
           case when g % 10 = 0 then 'UNCONFIRMED' else 'CONFIRMED' end, g % 50 <> 0, now(), now()
    from generate_series(1, ${ROWS}::integer) g`,
  },
};
const seed = SEEDS[DATASET];
if (!seed) throw new Error(`EXPORT_DATASET is ${DATASET}: leads or users`);
const mb = (bytes: number) => Math.round(bytes / 1_048_576);

/** The process's resident memory, from /proc (Linux). */
function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0) * 1024;
}

buildCompiledServer();

const seeded = process.env.EXPORT_DATABASE_URL;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `bench_export_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
if (!seeded) await admin.query(`create database ${database}`);
const url = new URL(seeded ?? adminUrl);
if (!seeded) url.pathname = `/${database}`;
let server: CompiledServer | undefined;
try {
  server = await spawnCompiledServer(
    { DATABASE_URL: url.toString(), ADMIN_PASSWORD: PASSWORD },
    { nodeArgs: (process.env.NODE_ARGS ?? '').split(' ').filter(Boolean) },
  );
  const { base, pid } = server;
  const seeding = performance.now();
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  if (seeded) {
    const { rows } = await db.query<{ n: number }>(`select count(*)::integer as n from ${seed.table}`);
    if (rows[0]?.n !== ROWS) throw new Error(`${seeded} holds ${rows[0]?.n} ${DATASET}; set EXPORT_ROWS to match`);
  } else {
    await db.query(seed.sql);
    await db.query(`analyze ${seed.table}`);
  }
  await db.end();
  if (!seeded)
    console.log(`seeded ${ROWS.toLocaleString('en')} ${DATASET} in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

  const login = await fetch(`${base}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const seconds: number[] = [];
  const rises: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const before = rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
    const started = performance.now();
    const response = await fetch(`${base}/api/admin/${DATASET}/export`, { headers: { authorization: `Bearer ${token}` } });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body ?? []) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    const took = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (lines !== ROWS) throw new Error(`the export had ${lines + 1} lines, expected ${ROWS + 1}`);
    seconds.push(took);
    rises.push(peak - before);
    console.log(
      `export ${run}: ${ROWS.toLocaleString('en')} ${DATASET}, ${mb(bytes)} MB in ${took.toFixed(1)} s; server RSS ${mb(before)} MB → peak ${mb(peak)} MB (+${mb(peak - before)} MB)`,
    );
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
  console.log(
    `median of ${RUNS}: ${median(seconds).toFixed(1)} s, RSS +${mb(median(rises))} MB (first export +${mb(rises[0] ?? NaN)} MB; targets ≤ 15 s, ≤ +64 MB)`,
  );
  console.log(`load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
} finally {
  await server?.stop();
  if (!seeded) await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
  await admin.end();
}
