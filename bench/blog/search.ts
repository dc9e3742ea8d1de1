/**
 * The built-in store's search and keyword filter (server/features/blog/store.ts) over
 * SEARCH_POSTS (100,000) posts seeded by SQL in a database of its own on BENCH_DATABASE_URL's
 * PostgreSQL (default the machine's; dropped afterwards): the list page's request (50 posts and
 * the count) for a word one post holds, a word every post holds, and a keyword 1 post in 500
 * lists. Median of RUNS (7) each, with migration 32's indexes, then with them dropped (the
 * table read, as before them; the search then read a stored text column, so this "before" is
 * still faster than the old query, which stripped every post's tags on every search).
 * Run: npx tsx bench/blog/search.ts
 */
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../../server/db/database.ts';
import type { Schema } from '../../server/db/schema.ts';
import type { PostQuery } from '../../server/features/blog/post-source.ts';
import { createBuiltInPostSource } from '../../server/features/blog/store.ts';
import { onScratchPostgres } from '../support/scratch-postgres.ts';

const POSTS = Number(process.env.SEARCH_POSTS ?? 100_000);
const RUNS = 7;

const CASES: [string, Partial<PostQuery>][] = [
  ['search, one post holds the word', { search: 'zebra crossing' }],
  ['search, every post holds the word', { search: 'interview' }],
  ['keyword, 1 post in 500', { keyword: 'topic 34' }],
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function measure(db: Kysely<Schema>, label: string): Promise<void> {
  const source = createBuiltInPostSource(db);
  for (const [name, query] of CASES) {
    const full: PostQuery = { page: 1, perPage: 50, status: 'published', ...query };
    await source.list(full); // warm-up
    const times: number[] = [];
    let total = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      total = (await source.list(full)).total;
      times.push(performance.now() - started);
    }
    console.log(`  ${label}, ${name} (${total} found): median ${median(times).toFixed(1)} ms of ${RUNS}`);
  }
}

await onScratchPostgres(async (url) => {
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    const seeding = performance.now();
    await sql`insert into blog_posts (slug, title, excerpt, content_html, seo_keyword, status, published_at)
      select 'post-' || n, 'Hiring notes ' || n, 'What we learned from interview ' || n,
        '<p>Interview <strong>practice</strong> number ' || n || case when n = ${Math.floor(POSTS / 3)} then ', a zebra crossing' else '' end || '. ' || repeat('Structured interviews compare candidates fairly. ', 4) || '</p>',
        'Topic ' || (n % 500) || ', Hiring', 'published', timestamptz '2026-01-01' - n * interval '1 minute'
      from generate_series(1, ${POSTS}::int) as n`.execute(database.db);
    await sql`vacuum analyze blog_posts`.execute(database.db);
    console.log(`${POSTS.toLocaleString('en-US')} posts seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    await measure(database.db, 'indexed');
    for (const index of ['title', 'excerpt', 'content_text', 'seo_keyword'])
      await sql`drop index if exists ${sql.raw(`blog_posts_${index}_trgm`)}`.execute(database.db);
    await sql`drop index blog_posts_keywords`.execute(database.db);
    await measure(database.db, 'no index');
  } finally {
    await database.close();
  }
});
