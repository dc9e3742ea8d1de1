import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { BlogPostList } from '../../../src-shared/domain/blog-post.ts';
import { addOlderPosts } from '../../support/older-posts.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { renderBlog } from './render-blog.tsx';

/** A blog past the first list request's 50 posts: the bundled posts and 120 older ones, on the real server. */
let server: TestServer;
let total: number;
let removeOlder: () => Promise<void>;
beforeAll(async () => {
  // No short cache of the post lists: the posts are added after the server started.
  server = await startTestServer({ env: { BLOG_CACHE_TTL_SECONDS: '0' } });
  removeOlder = await addOlderPosts(server.app.database.db, 'archive-post', 120, 'day');
  const first = (await (await server.fetch('/api/storychief/stories?per_page=1')).json()) as BlogPostList;
  total = first.meta.pagination.total;
}, 60_000);
afterAll(async () => {
  await removeOlder();
  await server.close();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The network's fetch, kept before renderBlog puts the page's in its place. */
const networkFetch = globalThis.fetch;

/** The page's requests go to the real server; each list request is recorded as `page=N&per_page=M…`. */
function realServer() {
  const requests: string[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), server.url);
    if (url.pathname.startsWith('/api/storychief/')) requests.push(url.search.slice(1));
    return networkFetch(`${server.url}${url.pathname}${url.search}`, init);
  };
  return { fetch, requests };
}

const cardTitles = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('a blog with more published posts than the first list request holds', () => {
  test('the page count is the whole blog, and the last page fetches the list page holding it, and only that', async () => {
    const { fetch, requests } = realServer();
    renderBlog('/blog', { fetch } as never);
    const pages = Math.ceil(total / 9);
    await waitFor(() => expect(screen.getByRole('button', { name: `Page ${pages}` })).toBeTruthy(), { timeout: 10_000 });
    expect(requests).toEqual(['page=1&per_page=50&status=published']);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: `Page ${pages}` }));
    const list = await screen.findByRole('region', { name: `Blog posts, page ${pages} of ${pages}` }, { timeout: 10_000 });
    // The oldest post is the last card of the last page.
    expect(within(list).getAllByRole('heading', { level: 2 }).at(-1)?.textContent).toBe('Older post 120');
    const lastListPage = Math.ceil(total / 50);
    expect(requests).toEqual(['page=1&per_page=50&status=published', `page=${lastListPage}&per_page=50&status=published`]);
  });

  test('a page opened by its address beyond the first 50 posts shows the loading state, then its cards', async () => {
    const { fetch } = realServer();
    // Page 7 holds posts 55 to 63: all in the list's second page of 50.
    renderBlog('/blog?page=7', { fetch } as never);
    expect(screen.getByText('Loading posts…')).toBeTruthy();
    await screen.findByRole('region', { name: `Blog posts, page 7 of ${Math.ceil(total / 9)}` }, { timeout: 10_000 });
    expect(cardTitles()).toHaveLength(9);
    expect(cardTitles()[0]).toBe(`Older post ${55 - (total - 120)}`);
    expect(screen.getByTestId('location').textContent).toBe('/blog?page=7');
  });

  test('a list page that fails to load says so, and Try Again loads it', async () => {
    const { fetch: real } = realServer();
    let fail = true;
    const fetch = (input: RequestInfo | URL, init?: RequestInit) =>
      fail && String(input).includes('page=2&')
        ? Promise.resolve(Response.json({ error: 'Blog store offline' }, { status: 503 }))
        : real(input, init);
    renderBlog('/blog?page=7', { fetch } as never);
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(within(alert).getByRole('heading', { name: 'Error Loading Blog' })).toBeTruthy();
    expect(alert.textContent).toContain('Blog store offline');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(9), { timeout: 10_000 });
  });

  test("a search reaches every post: the 100th-newest post is found by its title, and the page count is the matches'", async () => {
    const { fetch, requests } = realServer();
    renderBlog('/blog', { fetch } as never);
    await screen.findByRole('button', { name: `Page ${Math.ceil(total / 9)}` }, { timeout: 10_000 });
    const hundredth = `Older post ${100 - (total - 120)}`;
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search posts' }), hundredth);
    await waitFor(() => expect(cardTitles()).toEqual([hundredth]), { timeout: 10_000 });
    expect(screen.queryByRole('navigation', { name: 'Blog pages' })).toBeNull();
    // The search went to the server once typing stopped, not once a letter.
    expect(requests.filter((request) => request.includes('search='))).toEqual([
      `page=1&per_page=50&status=published&search=${encodeURIComponent(hundredth).replaceAll('%20', '+')}`,
    ]);

    // "Older post 1", "… 10" to "… 19" and "… 100" to "… 120": 32 posts, 4 pages.
    await user.clear(screen.getByRole('searchbox', { name: 'Search posts' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search posts' }), 'OLDER POST 1');
    await screen.findByRole('region', { name: 'Blog posts, page 1 of 4' }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Page 4' }));
    await screen.findByRole('region', { name: 'Blog posts, page 4 of 4' }, { timeout: 10_000 });
    expect(cardTitles()).toEqual(['Older post 116', 'Older post 117', 'Older post 118', 'Older post 119', 'Older post 120']);
    expect(screen.getByTestId('location').textContent).toBe('/blog?q=OLDER+POST+1&page=4');
  });

  test("the keyword dropdown lists the keywords of every published post, not only the newest 50's; a draft's are not", async () => {
    const db = server.app.database.db;
    await db.updateTable('blog_posts').set({ seo_keyword: 'Deep Archive' }).where('slug', '=', 'archive-post-100').execute();
    await db
      .updateTable('blog_posts')
      .set({ seo_keyword: 'Unpublished Plans', status: 'draft' })
      .where('slug', '=', 'archive-post-101')
      .execute();
    try {
      const { fetch } = realServer();
      renderBlog('/blog', { fetch } as never);
      const select = await screen.findByRole('combobox', { name: 'Keyword' });
      await waitFor(() => expect(within(select).getByRole('option', { name: 'Deep Archive' })).toBeTruthy(), {
        timeout: 10_000,
      });
      expect(within(select).queryByRole('option', { name: 'Unpublished Plans' })).toBeNull();
      // The bundled posts' keywords are there too, by name.
      const names = within(select)
        .getAllByRole('option')
        .map((option) => option.textContent ?? '');
      expect(names).toContain('remote hiring');
      expect(names.slice(1)).toEqual([...names.slice(1)].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    } finally {
      await db
        .updateTable('blog_posts')
        .set({ seo_keyword: '', status: 'published' })
        .where('slug', 'in', ['archive-post-100', 'archive-post-101'])
        .execute();
    }
  });

  test('the keyword filter reaches every post, and pages its matches', async () => {
    const db = server.app.database.db;
    await db.updateTable('blog_posts').set({ seo_keyword: 'remote hiring' }).where('slug', 'like', 'archive-post-1__').execute();
    try {
      const { meta } = (await (
        await server.fetch('/api/storychief/stories?per_page=1&keyword=remote%20hiring')
      ).json()) as BlogPostList;
      const pages = Math.ceil(meta.pagination.total / 9);
      expect(pages).toBeGreaterThan(1);
      const { fetch } = realServer();
      renderBlog('/blog', { fetch } as never);
      const user = userEvent.setup();
      await screen.findByRole('button', { name: `Page ${Math.ceil(total / 9)}` }, { timeout: 10_000 });
      await user.selectOptions(screen.getByRole('combobox', { name: 'Keyword' }), 'remote hiring');
      await screen.findByRole('region', { name: `Blog posts, page 1 of ${pages}` }, { timeout: 10_000 });
      await user.click(screen.getByRole('button', { name: `Page ${pages}` }));
      await waitFor(() => expect(cardTitles().at(-1)).toBe('Older post 120'), { timeout: 10_000 });
    } finally {
      await db.updateTable('blog_posts').set({ seo_keyword: '' }).where('slug', 'like', 'archive-post-%').execute();
    }
  });
});
