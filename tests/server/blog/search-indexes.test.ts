import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/database.ts';
import type { Schema } from '../../../server/db/schema.ts';
import { createBuiltInPostSource } from '../../../server/features/blog/store.ts';
import type { PostQuery } from '../../../server/features/blog/post-source.ts';
import { scratchSchema } from '../../support/test-server.ts';

/**
 * The built-in store's search and keyword filter at scale: the queries the store really sends
 * (captured as it lists), explained on PostgreSQL with sequential scans priced out, must read
 * migration 32's indexes. A plan that reads the table would read a million posts per search.
 */
const available = Boolean(process.env.TEST_DATABASE_URL);
const POSTS = 20_000;

let scratch: ReturnType<typeof scratchSchema>;
let database: Database;
let pool: pg.Pool;
let captured: CompiledQuery[];
let logged: Kysely<Schema>;

beforeAll(async () => {
  if (!available) return;
  scratch = scratchSchema('blogidx');
  database = await openDatabase({ kind: 'postgres', url: scratch.url, schema: scratch.schema });
  await sql`insert into blog_posts (slug, title, excerpt, content_html, seo_keyword, status, published_at)
    select 'post-' || n, 'Post number ' || n, 'An excerpt of ' || n,
      '<p>Body of <strong>post</strong> ' || n || case when n = 1234 then ' with a zebra &amp; crossing' else '' end || '</p>',
      'Topic ' || (n % 500) || ', Hiring', 'published', timestamptz '2024-01-01' - n * interval '1 hour'
    from generate_series(1, ${POSTS}::int) as n`.execute(database.db);
  // As autovacuum leaves it: the GIN indexes' pending entries merged, the statistics taken.
  await sql`vacuum analyze blog_posts`.execute(database.db);
  pool = new pg.Pool({ connectionString: scratch.url, options: `-c search_path=${scratch.schema}` });
  captured = [];
  logged = new Kysely<Schema>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => void (event.level === 'query' && captured.push(event.query)),
  });
}, 60_000);

afterAll(async () => {
  if (!available) return;
  await logged.destroy();
  await database.close();
  await scratch.drop();
});

/** The store's queries for `query` (the page and its count), with what they found. */
async function storeQueries(query: Partial<PostQuery>) {
  captured.length = 0;
  const page = await createBuiltInPostSource(logged).list({ page: 1, perPage: 50, status: 'published', ...query });
  return { page, queries: [...captured] };
}

/** The plan of `query` with sequential scans priced out, as text. */
async function planOf(query: CompiledQuery): Promise<string> {
  return database.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe.runIf(available)('the blog search on PostgreSQL reads indexes, not the table', () => {
  test('a search reads the trigram indexes of the title, excerpt, content text and keywords', async () => {
    const { page, queries } = await storeQueries({ search: 'ZEBRA & Cross' });
    expect(page.posts.map((post) => post.slug)).toEqual(['post-1234']);
    expect(page.total).toBe(1);
    expect(queries).toHaveLength(2);
    for (const query of queries) {
      const plan = await planOf(query);
      expect(plan).not.toMatch(/Seq Scan/);
      for (const index of ['title', 'excerpt', 'content_text', 'seo_keyword'])
        expect(plan).toContain(`Bitmap Index Scan on blog_posts_${index}_trgm`);
    }
  });

  test('the keyword filter reads the keywords index', async () => {
    const { page, queries } = await storeQueries({ keyword: 'topic 34' });
    expect(page.total).toBe(POSTS / 500);
    expect(page.posts.every((post) => post.seo_keyword.startsWith('Topic 34,'))).toBe(true);
    for (const query of queries) {
      const plan = await planOf(query);
      expect(plan).not.toMatch(/Seq Scan/);
      expect(plan).toContain('Bitmap Index Scan on blog_posts_keywords');
    }
  });
});
