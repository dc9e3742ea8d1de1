/**
 * The built-in store behind its short cache (withShortCache, server/features/blog/post-source.ts)
 * over CACHE_POSTS (1,000,000) published posts seeded by SQL in a database of its own on
 * BENCH_DATABASE_URL's PostgreSQL (default the machine's; dropped afterwards), the cache empty
 * at each run's start: the keyword list asked with limits 1 to 20 (as a stranger varying `limit`
 * would), with 20 distinct searches (as a stranger cycling through strings would; most match most
 * posts), and the list's pages 1 to 20 (10 posts each). Median of RUNS (3) after a warm-up run.
 * Run: npx tsx bench/blog/short-cache.ts
 */
import { sql } from 'kysely';
import { openDatabase } from '../../server/db/database.ts';
import { withShortCache } from '../../server/features/blog/post-source.ts';
import { createBuiltInPostSource } from '../../server/features/blog/store.ts';
import { onScratchPostgres } from '../support/scratch-postgres.ts';

const POSTS = Number(process.env.CACHE_POSTS ?? 1_000_000);
const RUNS = Number(process.env.RUNS ?? 3);
const REQUESTS = 20;
/** Strings the seeded keywords ('Topic N, Hiring') hold: most are in most posts. */
const SEARCHES = ['t', 'o', 'p', 'i', 'c', 'h', 'r', 'n', 'g', 'to', 'ic', 'in', '1', '2', '3', '4', '5', '6', '7', '8'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

await onScratchPostgres(async (url) => {
  // Seeding a million posts takes longer than a request's statement timeout.
  const database = await openDatabase({ kind: 'postgres', url, statementTimeoutMs: 600_000 });
  try {
    const seeding = performance.now();
    await sql`insert into blog_posts (slug, title, excerpt, content_html, seo_keyword, status, published_at)
      select 'post-' || n, 'Hiring notes ' || n, 'What we learned from interview ' || n,
        '<p>Interview practice number ' || n || '.</p>', 'Topic ' || (n % 500) || ', Hiring', 'published',
        timestamptz '2026-01-01' - n * interval '1 minute'
      from generate_series(1, ${POSTS}::int) as n`.execute(database.db);
    await sql`vacuum analyze blog_posts`.execute(database.db);
    console.log(`${POSTS.toLocaleString('en-US')} posts seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    const cases: [string, (source: ReturnType<typeof withShortCache>, request: number) => Promise<unknown>][] = [
      [`keywords, limit 1 to ${REQUESTS}`, (source, request) => source.listKeywords({ limit: request })],
      [
        `keywords, ${REQUESTS} distinct searches`,
        (source, request) => source.listKeywords({ limit: 20, search: SEARCHES[request - 1] ?? '' }),
      ],
      [`list, pages 1 to ${REQUESTS}`, (source, request) => source.list({ page: request, perPage: 10, status: 'published' })],
    ];
    for (const [name, ask] of cases) {
      const times: number[] = [];
      // The first run warms PostgreSQL's buffers and is not counted.
      for (let run = 0; run <= RUNS; run += 1) {
        const source = withShortCache(createBuiltInPostSource(database.db), 60_000);
        const started = performance.now();
        for (let request = 1; request <= REQUESTS; request += 1) await ask(source, request);
        if (run > 0) times.push(performance.now() - started);
      }
      console.log(`  ${name}, ${REQUESTS} requests: median ${median(times).toFixed(0)} ms of ${RUNS}`);
    }
  } finally {
    await database.close();
  }
});
