import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BLOG_SLUG_MAX_LENGTH, type BlogPost, type BlogPostList } from '../../../src-shared/domain/blog-post.ts';
import { importPostFiles, readPostFiles } from '../../../server/features/blog/content-importer.ts';
import { addOlderPosts } from '../../support/older-posts.ts';
import { createTempTree } from '../../support/temp-tree.ts';
import { json, startBlogServer } from './support.ts';

let server: Awaited<ReturnType<typeof startBlogServer>>;
let token: string;
const contentDir = new URL('../../../content/blog/', import.meta.url).pathname;

beforeAll(async () => {
  // The test changes posts in the database directly, so the built-in store's short cache is off.
  server = await startBlogServer(
    { PUBLIC_URL: 'https://hireassist.example', BLOG_CACHE_TTL_SECONDS: '0' },
    // With TEST_DATABASE_URL set, this file runs on that PostgreSQL too (CI sets it).
    { postgres: Boolean(process.env.TEST_DATABASE_URL) },
  );
  token = await server.adminToken();
});
afterAll(() => server.close());

const list = async (query: string, auth?: string) => {
  const response = await server.fetch(
    `/api/storychief/stories${query}`,
    auth ? { headers: { authorization: `Bearer ${auth}` } } : {},
  );
  return { status: response.status, body: (await response.json()) as BlogPostList & { error?: string } };
};

describe('the built-in store', () => {
  test('imports every post of content/blog at start, each with an image, keywords and SEO fields', async () => {
    const files = await readPostFiles(contentDir);
    const published = files.filter((post) => post.status === 'published');
    expect(published.length).toBeGreaterThanOrEqual(14);
    const { body } = await list('?per_page=100');
    expect(body.data.map((post) => post.slug).sort()).toEqual(published.map((post) => post.slug).sort());
    for (const post of body.data) {
      expect(post.title && post.excerpt && post.seo.title && post.seo.description && post.seo_keyword).toBeTruthy();
      expect(post.featured_image?.data.url).toMatch(/^\/blog\/images\/[a-z0-9-]+\.svg$/);
      expect(post.featured_image?.data.alt).not.toBe('');
      const image = await server.fetch(post.featured_image?.data.url ?? '');
      expect(image.headers.get('content-type')).toBe('image/svg+xml');
      expect((await image.arrayBuffer()).byteLength).toBeLessThan(10_000);
    }
  });

  test('lists newest first with StoryChief-style pagination, two pages of 9', async () => {
    const first = await list('?page=1&per_page=9');
    const second = await list('?page=2&per_page=9');
    const total = first.body.meta.pagination.total;
    expect(first.body.meta.pagination).toMatchObject({ count: 9, per_page: 9, current_page: 1, total_pages: 2 });
    expect(first.body.meta.pagination.links.next).toBe('/api/storychief/stories?page=2&per_page=9&status=published');
    expect(first.body.meta.pagination.links.previous).toBeUndefined();
    expect(second.body.meta.pagination).toMatchObject({ count: total - 9, current_page: 2, total_pages: 2 });
    expect(second.body.meta.pagination.links.next).toBeUndefined();
    const dates = [...first.body.data, ...second.body.data].map((post) => Date.parse(post.published_at ?? ''));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect((await list('?page=3&per_page=9')).body.data).toEqual([]);
  });

  test('defaults to published posts and page 1, and caps per_page at 100', async () => {
    const { body } = await list('');
    expect(body.meta.pagination).toMatchObject({ current_page: 1, per_page: 10 });
    expect(body.data.every((post) => post.status === 'published')).toBe(true);
    expect(await list('?per_page=101')).toMatchObject({ status: 400 });
    expect((await list('?page=0')).status).toBe(400);
    expect((await list('?status=deleted')).status).toBe(400);
  });

  test('the four list paths answer the same', async () => {
    const bodies = await Promise.all(
      ['stories', 'posts', 'publications/posts', 'publications/stories'].map(async (path) =>
        ((await (await server.fetch(`/api/storychief/${path}?per_page=5`)).json()) as BlogPostList).data.map((post) => post.id),
      ),
    );
    expect(new Set(bodies.map((ids) => ids.join()))).toHaveProperty('size', 1);
  });

  test('draft, scheduled and all need the admin token', async () => {
    for (const status of ['draft', 'scheduled', 'all']) {
      expect(await list(`?status=${status}`)).toMatchObject({ status: 401, body: { error: 'Admin authentication required' } });
      expect((await list(`?status=${status}`, 'not-a-real-token')).status).toBe(401);
    }
    const drafts = await list('?status=draft', token);
    expect(drafts.status).toBe(200);
    expect(drafts.body.data.map((post) => post.slug)).toEqual(['hiring-trends-2027']);
    const all = await list('?status=all&per_page=100', token);
    expect(all.body.meta.pagination.total).toBe((await list('?per_page=100')).body.meta.pagination.total + 1);
  });

  test('a single post under each of the four paths, with includes[]; a draft only for the admin', async () => {
    const { body } = await list('?per_page=1');
    const id = body.data[0]?.id ?? 0;
    for (const path of ['stories', 'posts', 'publications/stories', 'publications/posts']) {
      const response = await server.fetch(`/api/storychief/${path}/${id}?includes[]=content&includes[]=tags&includes[]=author`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { data: BlogPost }).data).toEqual(body.data[0]);
    }
    expect((await server.fetch(`/api/storychief/stories/${id}?includes[]=everything`)).status).toBe(400);
    expect(await (await server.fetch('/api/storychief/stories/99999')).json()).toEqual({
      error: 'Post with ID "99999" not found',
    });
    expect((await server.fetch('/api/storychief/stories/abc')).status).toBe(400);

    const draft = (await list('?status=draft', token)).body.data[0];
    expect((await server.fetch(`/api/storychief/stories/${draft?.id}`)).status).toBe(404);
    const asAdmin = await server.fetch(`/api/storychief/stories/${draft?.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(asAdmin.status).toBe(200);
    // The draft is the admin's alone: no cache keeps it for the next visitor, as for the admin's lists.
    expect(asAdmin.headers.get('cache-control')).toBe('private, no-store');
  });

  test('the sitemap lists every published post and no draft', async () => {
    const xml = await (await server.fetch('/sitemap.xml')).text();
    const { body } = await list('?per_page=100');
    for (const post of body.data) expect(xml).toContain(`<loc>https://hireassist.example/blog/${post.slug}</loc>`);
    expect(xml).not.toContain('hiring-trends-2027');
  });
  test('a post whose file was removed from content/blog is gone at the next import: no post, page or sitemap entry', async () => {
    const slug = 'skills-based-hiring';
    const removed = `${slug}.md`;
    const { body } = await list('?per_page=100');
    const id = body.data.find((post) => post.slug === slug)?.id;
    expect((await server.fetch(`/blog/${slug}.html`)).status).toBe(200);

    const files = (await readdir(contentDir)).filter((name) => name.endsWith('.md') && name !== removed);
    const tree = await createTempTree(
      Object.fromEntries(await Promise.all(files.map(async (name) => [name, await readFile(path.join(contentDir, name))]))),
    );
    try {
      await importPostFiles(server.app.database.db, tree.dir);
      expect((await list('?per_page=100')).body.data.map((post) => post.slug)).not.toContain(slug);
      expect((await server.fetch(`/api/storychief/stories/${id}`)).status).toBe(404);
      expect((await server.fetch(`/blog/${slug}.html`)).status).toBe(404);
      expect(await (await server.fetch('/sitemap.xml')).text()).not.toContain(slug);
    } finally {
      await tree.remove();
      // The folder's content is older than the one imported above, and would not be applied
      // again (a rolling deploy's old instance): forgotten, as on this server's fresh database.
      await server.app.database.db.deleteFrom('blog_content_imports').execute();
      await importPostFiles(server.app.database.db, contentDir);
    }
    expect((await list('?per_page=100')).body.data.map((post) => post.slug)).toContain(slug);
  });
});

describe('the static SEO pages', () => {
  test('GET /blog/{slug}.html renders a complete standalone document on demand and stores it', async () => {
    const slug = 'reducing-time-to-hire';
    expect(await (await server.fetch(`/api/check-html/${slug}`)).json()).toEqual({ exists: false });
    expect((await server.fetch(`/api/cached-post/${slug}`)).status).toBe(404);

    const response = await server.fetch(`/blog/${slug}.html`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<title>7 Proven Ways to Reduce Time to Hire | HireAssist</title>');
    expect(html).toContain('<meta name="description" content="Shorten your hiring cycle');
    expect(html).toContain(`<link rel="canonical" href="https://hireassist.example/blog/${slug}">`);
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain('<meta property="og:image" content="https://hireassist.example/blog/images/time-to-hire.svg">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as Record<
      string,
      unknown
    >;
    expect(jsonLd).toMatchObject({ '@type': 'BlogPosting', headline: '7 Proven Ways to Reduce Your Time to Hire' });
    expect(html).toContain('<h2>1. Agree on the profile before you post</h2>');
    expect(html).not.toMatch(/<script(?! type="application\/ld\+json")/);
    expect(Buffer.byteLength(html)).toBeLessThan(30_000);

    expect(await (await server.fetch(`/api/check-html/${slug}`)).json()).toEqual({ exists: true });
    const cached = (await (await server.fetch(`/api/cached-post/${slug}`)).json()) as BlogPost;
    expect(cached.slug).toBe(slug);
    const stored = await server.app.database.db
      .selectFrom('blog_html_pages')
      .selectAll()
      .where('slug', '=', slug)
      .executeTakeFirst();
    expect(stored?.title).toBe('7 Proven Ways to Reduce Your Time to Hire');
  });

  test('a stored page is served until 24 hours old or until its post changes, then rendered again', async () => {
    const slug = 'cost-of-a-bad-hire';
    const db = server.app.database.db;
    await server.fetch(`/blog/${slug}.html`);
    await db.updateTable('blog_html_pages').set({ body_html: '<p>Stored copy</p>' }).where('slug', '=', slug).execute();
    expect(await (await server.fetch(`/blog/${slug}.html`)).text()).toContain('<p>Stored copy</p>');

    await db
      .updateTable('blog_html_pages')
      .set({ generated_at: new Date(Date.now() - 25 * 3600_000) })
      .where('slug', '=', slug)
      .execute();
    const rerendered = await (await server.fetch(`/blog/${slug}.html`)).text();
    expect(rerendered).not.toContain('Stored copy');
    expect(rerendered).toContain('Where the money goes');

    await db.updateTable('blog_html_pages').set({ body_html: '<p>Stored copy</p>' }).where('slug', '=', slug).execute();
    await db.updateTable('blog_posts').set({ updated_at: new Date() }).where('slug', '=', slug).execute();
    expect(await (await server.fetch(`/blog/${slug}.html`)).text()).not.toContain('Stored copy');
  });

  test('unknown or unpublished slugs are a 404 page; /blog/{slug} stays the web app page', async () => {
    const missing = await server.fetch('/blog/no-such-post.html');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Post Not Found');
    expect((await server.fetch('/blog/hiring-trends-2027.html')).status).toBe(404);
    expect((await server.fetch('/blog/..%2F..%2Fetc%2Fpasswd.html')).status).toBe(404);
    expect((await server.fetch('/blog/UPPER.html')).status).toBe(404);
    const spaPage = await server.fetch('/blog/reducing-time-to-hire');
    expect(spaPage.headers.get('content-type')).toContain('text/html');
    expect(await spaPage.text()).not.toContain('application/ld+json');
  });

  test('save-post-html stores the page under its slug for every instance to serve', async () => {
    const post = (await list('?per_page=1')).body.data[0] as BlogPost;
    const save = await server.fetch(
      '/api/save-post-html',
      json(
        {
          filename: `${post.slug}.html`,
          html: '<h2>Saved by the admin</h2>',
          slug: post.slug,
          title: post.title,
          postData: post,
        },
        token,
      ),
    );
    expect(save.status).toBe(200);
    expect(await save.json()).toEqual({ success: true, url: `/blog/${post.slug}.html` });
    expect(await (await server.fetch(`/blog/${post.slug}.html`)).text()).toContain('<h2>Saved by the admin</h2>');
    expect(await (await server.fetch(`/api/cached-post/${post.slug}`)).json()).toEqual(post);
    // What the public reads at the page was replaced by the operator: the audit log says so (SECURITY.md).
    const audit = await server.app.database.db
      .selectFrom('audit_events')
      .select(['event_type', 'actor', 'subject'])
      .where('event_type', '=', 'admin.blog.page.save')
      .execute();
    expect(audit).toContainEqual({ event_type: 'admin.blog.page.save', actor: 'admin', subject: post.slug });
  });

  test('a post with the longest slug allowed has its page, its check and its saved copy (a 109-character one had none)', async () => {
    const slug = `${'a-'.repeat(BLOG_SLUG_MAX_LENGTH / 2 - 1)}ok`;
    expect(slug).toHaveLength(BLOG_SLUG_MAX_LENGTH);
    const db = server.app.database.db;
    // The search's columns are the database's to write (migration 32).
    const {
      id: _id,
      content_text: _text,
      keywords: _keywords,
      ...post
    } = await db.selectFrom('blog_posts').selectAll().where('slug', '=', 'cost-of-a-bad-hire').executeTakeFirstOrThrow();
    // Dated a year back, so it is last in the lists the other tests read.
    await db
      .insertInto('blog_posts')
      .values({ ...post, slug, published_at: new Date(Date.now() - 365 * 24 * 3600_000) })
      .execute();

    const page = await server.fetch(`/blog/${slug}.html`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<link rel="canonical" href="https://hireassist.example/blog/${slug}">`);
    expect(await (await server.fetch(`/api/check-html/${slug}`)).json()).toEqual({ exists: true });
    expect(((await (await server.fetch(`/api/cached-post/${slug}`)).json()) as BlogPost).slug).toBe(slug);
    // One character more is no slug: the route's own answer, not the app's not-found.
    expect(await (await server.fetch(`/api/check-html/${slug}x`)).json()).toEqual({
      error: expect.stringMatching(/slug/) as unknown,
    });
  });
});

describe('a blog of more posts than a sitemap may list', () => {
  test('the sitemap lists the newest 50,000 pages at most, as the sitemap protocol allows, newest posts first', async () => {
    // 50,100 published posts, the newest first in the store's order, dated before every imported post.
    const remove = await addOlderPosts(server.app.database.db, 'bulk-post', 50_100, 'minute');
    try {
      const response = await server.fetch('/sitemap.xml');
      const xml = await response.text();
      expect(response.status).toBe(200);
      expect(xml.match(/<url>/g)?.length).toBe(50_000);
      expect(xml).toContain('<loc>https://hireassist.example/</loc>');
      expect(xml).toContain('<loc>https://hireassist.example/blog/reducing-time-to-hire</loc>');
      expect(xml).toContain('<loc>https://hireassist.example/blog/bulk-post-1</loc>');
      expect(xml).not.toContain('<loc>https://hireassist.example/blog/bulk-post-50100</loc>');
    } finally {
      await remove();
    }
  }, 60_000);
});
