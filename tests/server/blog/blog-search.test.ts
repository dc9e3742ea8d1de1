import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BlogPostList } from '../../../src-shared/domain/blog-post.ts';
import { addOlderPosts } from '../../support/older-posts.ts';
import { startBlogServer } from './support.ts';

let server: Awaited<ReturnType<typeof startBlogServer>>;
let removeOlder: () => Promise<void>;

beforeAll(async () => {
  // Posts are added in the database directly, so the built-in store's short cache is off.
  server = await startBlogServer({ BLOG_CACHE_TTL_SECONDS: '0' }, { postgres: Boolean(process.env.TEST_DATABASE_URL) });
  // 120 posts older than the bundled ones: "Older post 1" (newest) to "Older post 120".
  removeOlder = await addOlderPosts(server.app.database.db, 'search-post', 120, 'day');
  const db = server.app.database.db;
  await db
    .updateTable('blog_posts')
    .set({ seo_keyword: 'archive, Remote Work' })
    .where('slug', 'like', 'search-post-%')
    .where(sql<boolean>`split_part(slug, '-', 3)::int <= 60`)
    .execute();
  await db
    .updateTable('blog_posts')
    .set({ excerpt: 'Fifty percent_off & more', content_html: '<p>From the archive: a Q&amp;A <strong>session</strong></p>' })
    .where('slug', '=', 'search-post-99')
    .execute();
}, 60_000);
afterAll(async () => {
  await removeOlder();
  await server.close();
});

const list = async (query: Record<string, string>) => {
  const response = await server.fetch(`/api/storychief/stories?${new URLSearchParams({ per_page: '50', ...query })}`);
  return { status: response.status, body: (await response.json()) as BlogPostList & { error?: string } };
};
const titles = (body: BlogPostList) => body.data.map((post) => post.title);

describe('searching the list in the database', () => {
  test('finds a post far beyond the newest 50 by its title, case-insensitively, and counts only the matches', async () => {
    const { status, body } = await list({ search: '  OLDER post 100 ' });
    expect(status).toBe(200);
    expect(titles(body)).toEqual(['Older post 100']);
    expect(body.meta.pagination).toMatchObject({ total: 1, count: 1, total_pages: 1 });
  });

  test('searches the excerpt, the text of the content (not its markup) and the keywords', async () => {
    expect(titles((await list({ search: 'percent_OFF' })).body)).toEqual(['Older post 99']);
    expect(titles((await list({ search: 'q&a session' })).body)).toEqual(['Older post 99']);
    expect((await list({ search: '<strong>session' })).body.meta.pagination.total).toBe(0);
    expect((await list({ search: 'remote work' })).body.meta.pagination.total).toBe(60);
  });

  test('pages the matches newest first, and the links keep the search', async () => {
    const first = (await list({ search: 'from the archive' })).body;
    const second = (await list({ search: 'from the archive', page: '3' })).body;
    expect(first.meta.pagination).toMatchObject({ total: 120, count: 50, total_pages: 3 });
    expect(first.meta.pagination.links.next).toBe(
      '/api/storychief/stories?page=2&per_page=50&status=published&search=from+the+archive',
    );
    expect(titles(first)[0]).toBe('Older post 1');
    expect(titles(second)).toEqual(Array.from({ length: 20 }, (_, i) => `Older post ${101 + i}`));
  });

  test("LIKE's wildcards in the search are plain characters", async () => {
    // As wildcards, "_" and "%" would match "Older post 1…" and every post.
    expect((await list({ search: 'Older_post' })).body.meta.pagination.total).toBe(0);
    expect((await list({ search: 'Older%1' })).body.meta.pagination.total).toBe(0);
    expect((await list({ search: '%Older' })).body.meta.pagination.total).toBe(0);
    expect((await list({ search: '\\' })).status).toBe(200);
    expect(titles((await list({ search: 'percent_off' })).body)).toEqual(['Older post 99']);
  });

  test('the keyword filter matches a whole keyword of seo_keyword, case-insensitively, with the search or alone', async () => {
    expect((await list({ keyword: 'remote work' })).body.meta.pagination.total).toBe(60);
    expect((await list({ keyword: 'Remote' })).body.meta.pagination.total).toBe(0);
    expect(titles((await list({ keyword: 'ARCHIVE', search: 'older post 60' })).body)).toEqual(['Older post 60']);
    expect((await list({ keyword: 'archive', search: 'older post 61' })).body.meta.pagination.total).toBe(0);
  });

  test('a search or keyword too long is refused with a 400 that names it', async () => {
    const search = await list({ search: 'x'.repeat(201) });
    expect(search.status).toBe(400);
    expect(search.body.error).toBe("Invalid query: 'search' must be at most 200 characters");
    const keyword = await list({ keyword: 'x'.repeat(101) });
    expect(keyword.status).toBe(400);
    expect(keyword.body.error).toBe("Invalid query: 'keyword' must be at most 100 characters");
  });
});

describe('the keyword list counts every published post in the database', () => {
  type Keywords = { data: { keyword: string; count: number }[]; searched_newest?: number; error?: string };
  const keywords = async (query: Record<string, string> = {}) => {
    const response = await server.fetch(`/api/blog-keywords?${new URLSearchParams(query)}`);
    return { status: response.status, body: (await response.json()) as Keywords };
  };

  test('lists the keywords of posts far beyond the newest 50, counted and most used first, any case as one', async () => {
    const db = server.app.database.db;
    // A draft's keywords are no reader's; the same keyword in another case is the same one.
    await sql`insert into blog_posts (slug, title, content_html, seo_keyword, status, published_at)
      values ('keyword-draft', 'Draft', '<p>x</p>', 'secret plans, archive', 'draft', now()),
             ('keyword-shout', 'Shout', '<p>x</p>', 'REMOTE WORK,  remote work ', 'published', timestamptz '2019-01-01')`.execute(
      db,
    );
    try {
      const { status, body } = await keywords();
      expect(status).toBe(200);
      expect(body.data.slice(0, 2)).toEqual([
        { keyword: 'Remote Work', count: 61 },
        { keyword: 'archive', count: 60 },
      ]);
      expect(body.data).toContainEqual({ keyword: 'remote hiring', count: 1 });
      expect(body.data.map((entry) => entry.keyword)).not.toContain('secret plans');
      const counts = body.data.map((entry) => entry.count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      expect(body.searched_newest).toBeUndefined();
    } finally {
      await db.deleteFrom('blog_posts').where('slug', 'in', ['keyword-draft', 'keyword-shout']).execute();
    }
  });

  test('a search keeps the keywords holding it, any case, its wildcards plain; the limit caps the answer', async () => {
    expect((await keywords({ search: 'REMOTE' })).body.data).toEqual([
      { keyword: 'Remote Work', count: 60 },
      { keyword: 'remote hiring', count: 1 },
    ]);
    expect((await keywords({ search: 'remote_' })).body.data).toEqual([]);
    expect((await keywords({ search: '%' })).body.data).toEqual([]);
    // Equal counts go by name.
    expect((await keywords({ limit: '1' })).body.data).toEqual([{ keyword: 'archive', count: 60 }]);
    const tooMany = await keywords({ limit: '201' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe("Invalid query: 'limit' must be <= 200");
  });
});
