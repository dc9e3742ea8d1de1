import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '../../src-shared/domain/blog-post.ts';
import { startBlogServer } from '../server/blog/support.ts';
import { createTempTree, type TempTree } from '../support/temp-tree.ts';
import { addBlogPost, savePostHtmlBody } from './support.ts';

/**
 * Saved SEO pages (`/blog/{slug}.html`) and their cached post data are public only while the
 * post is published. An outsider who guesses the slug of a draft, a scheduled post, an
 * unpublished or a deleted one gets the 404 page, whatever page was saved for it; the app's
 * page of the slug (`/blog/{slug}`, which carries the answers the app asks for as it starts)
 * holds none of it, and check-html says no page is stored.
 */

type Server = Awaited<ReturnType<typeof startBlogServer>>;
let server: Server;
let token: string;
let build: TempTree;

beforeAll(async () => {
  // A web build with the slot the blog's first paint is written into, so /blog/{slug} carries it.
  build = await createTempTree({
    'index.html':
      '<!doctype html><html><head><title>HireAssist</title></head><body><div id="root"><!--first-paint--></div></body></html>',
  });
  // No reuse of the source's answers: each request sees the post as it is now.
  server = await startBlogServer({ BLOG_CACHE_TTL_SECONDS: '0' }, { webDistDir: build.dir });
  token = await server.adminToken();
});
afterAll(async () => {
  await server.close();
  await build.remove();
});

const SECRET = 'UNRELEASED-ACQUISITION-ANNOUNCEMENT';

const addPost = (slug: string, status: BlogPost['status'], publishedAt: Date | null) =>
  addBlogPost(server.app.database.db, slug, { status, publishedAt, content: `<p>${SECRET}</p>` });

/** The page the admin's "Generate HTML" saves for the post, as the admin console does. */
async function savePage(slug: string, status: BlogPost['status'], publishedAt: Date | null): Promise<void> {
  const body = savePostHtmlBody(slug, `<p>${SECRET}</p>`);
  const response = await server.fetch('/api/save-post-html', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ ...body, postData: { ...body.postData, status, published_at: publishedAt?.toISOString() ?? null } }),
  });
  expect(response.status).toBe(200);
}

async function expectHidden(slug: string, label: string): Promise<void> {
  const page = await server.fetch(`/blog/${slug}.html`);
  const html = await page.text();
  expect(page.status, label).toBe(404);
  expect(html, label).toContain('Post Not Found');
  expect(html, label).not.toContain(SECRET);
  const cached = await server.fetch(`/api/cached-post/${slug}`);
  expect(cached.status, `${label}: cached post`).toBe(404);
  expect(await cached.text(), `${label}: cached post`).not.toContain(SECRET);
  expect(await (await server.fetch(`/blog/${slug}`)).text(), `${label}: the app's page`).not.toContain(SECRET);
  expect(await (await server.fetch(`/api/check-html/${slug}`)).json(), `${label}: check-html`).toEqual({ exists: false });
  const bySlug = await server.fetch(`/api/post-by-slug/${slug}`);
  expect(bySlug.status, `${label}: post by slug`).toBe(404);
  expect(await bySlug.text(), `${label}: post by slug`).not.toContain(SECRET);
}

const TOMORROW = new Date(Date.now() + 24 * 3600_000);
const YESTERDAY = new Date(Date.now() - 24 * 3600_000);

describe('an outsider guessing the slug of a post that is not public', () => {
  it('is served the page of a published post (the control)', async () => {
    await addPost('public-post', 'published', YESTERDAY);
    const page = await server.fetch('/blog/public-post.html');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(SECRET);
    expect(await (await server.fetch('/api/check-html/public-post')).json()).toEqual({ exists: true });
    expect(await (await server.fetch('/blog/public-post')).text()).toContain(SECRET);
  });

  it("gets a 404 for a draft's page saved by the admin", async () => {
    await addPost('draft-post', 'draft', null);
    await savePage('draft-post', 'draft', null);
    await expectHidden('draft-post', 'draft');
  });

  it('gets a 404 for a scheduled post, by status or by a publish date still to come', async () => {
    await addPost('scheduled-post', 'scheduled', TOMORROW);
    await savePage('scheduled-post', 'scheduled', TOMORROW);
    await expectHidden('scheduled-post', 'scheduled');
    await addPost('future-post', 'published', TOMORROW);
    await savePage('future-post', 'published', TOMORROW);
    await expectHidden('future-post', 'published with a future date');
  });

  it('gets a 404 once a published post is unpublished, although its page was stored while it was public', async () => {
    await addPost('withdrawn-post', 'published', YESTERDAY);
    expect((await server.fetch('/blog/withdrawn-post.html')).status).toBe(200);
    await server.app.database.db
      .updateTable('blog_posts')
      .set({ status: 'draft' })
      .where('slug', '=', 'withdrawn-post')
      .execute();
    await expectHidden('withdrawn-post', 'unpublished');
  });

  it('gets a 404 once a post is deleted', async () => {
    await addPost('deleted-post', 'published', YESTERDAY);
    expect((await server.fetch('/blog/deleted-post.html')).status).toBe(200);
    await server.app.database.db.deleteFrom('blog_posts').where('slug', '=', 'deleted-post').execute();
    await expectHidden('deleted-post', 'deleted');
  });
});

describe('a post published with a date still to come', () => {
  const slug = 'announced-tomorrow';
  const asAdmin = (): RequestInit => ({ headers: { authorization: `Bearer ${token}` } });
  const listed = async (query: string, init?: RequestInit) =>
    (await (await server.fetch(`/api/storychief/stories${query}`, init)).json()) as {
      data: BlogPost[];
      meta: { pagination: { total: number } };
    };

  it('is in no public list, count or sitemap, not served by id, not written into its page; the admin still sees it', async () => {
    const before = await listed('?per_page=100');
    await addPost(slug, 'published', TOMORROW);
    const id = (
      await server.app.database.db.selectFrom('blog_posts').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()
    ).id;

    // Dated last of all, it would be first on the first page: the count and the pages leave it out.
    const after = await listed('?per_page=100');
    expect(after.data.map((post) => post.slug)).not.toContain(slug);
    expect(after.meta.pagination.total).toBe(before.meta.pagination.total);
    expect((await listed('?per_page=1')).data[0]?.slug).toBe(before.data[0]?.slug);
    expect((await server.fetch(`/api/storychief/stories/${id}`)).status).toBe(404);
    expect(await (await server.fetch('/sitemap.xml')).text()).not.toContain(slug);
    const page = await (await server.fetch(`/blog/${slug}`)).text();
    expect(page).not.toContain(SECRET);
    expect(page).not.toContain(`Post ${slug}`);

    expect((await server.fetch(`/api/storychief/stories/${id}`, asAdmin())).status).toBe(200);
    const all = await listed('?status=all&per_page=100', asAdmin());
    expect(all.data.map((post) => post.slug)).toContain(slug);
  });
});
