import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AdminServicesProvider } from '../../../src-shared/admin/admin-services.tsx';
import { BlogHtmlScreen } from '../../../src-shared/admin/BlogHtmlScreen.tsx';
import { BLOG_HTML_TEXT } from '../../../src-shared/admin/messages.ts';
import { createFetchAdminApi, type AdminApi } from '../../../src-shared/api/admin/client.ts';
import { createMemoryTokenStore } from '../../../src-shared/api/admin/memory-token-store.ts';
import type { BlogPostList } from '../../../src-shared/domain/blog-post.ts';
import type { Platform } from '../../../src-shared/domain/platform.ts';
import { addOlderPosts } from '../../support/older-posts.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const PASSWORD = 'correct horse battery staple';

let server: TestServer;
beforeAll(async () => {
  // No short cache of the post lists: a test adds posts and lists them at once.
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD, BLOG_CACHE_TTL_SECONDS: '0' } });
}, 60_000);
afterAll(() => server.close());

/** Every request the admin client sends, in order: `GET /api/storychief/stories?page=2…` or `POST /api/save-post-html <slug>`. */
function recordingFetch(requests: string[]): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const slug = method === 'POST' ? ` ${(JSON.parse(String(init?.body)) as { slug?: string }).slug ?? ''}` : '';
    requests.push(`${method} ${url.pathname}${url.search}${slug}`);
    return fetch(input, init);
  };
}

const listRequests = (requests: string[]) => requests.filter((request) => request.startsWith('GET /api/storychief/'));
const saveRequests = (requests: string[]) => requests.filter((request) => request.startsWith('POST /api/save-post-html'));

/** The shared screen with the real admin client against the real server and its bundled posts. */
async function setup(requests: string[] = []) {
  const api: AdminApi = createFetchAdminApi({
    baseUrl: server.url,
    tokenStore: createMemoryTokenStore(),
    fetch: recordingFetch(requests),
  });
  expect((await api.login(PASSWORD)).ok).toBe(true);
  const opened: string[] = [];
  const platform: Platform = {
    saveExport: async () => ({ status: 'cancelled' }),
    openExternal: async (url) => void opened.push(url),
  };
  const sessionLost = vi.fn();
  const generated: string[][] = [];
  render(
    <AdminServicesProvider value={{ api, platform, sessionLost }}>
      <BlogHtmlScreen
        title="Blog Pages"
        onGenerated={(slugs) => generated.push(slugs)}
        pageUrl={(slug) => `https://site.example/blog/${slug}.html`}
      />
    </AdminServicesProvider>,
  );
  const list = await screen.findByRole('list', { name: 'Generate HTML per post' });
  await waitFor(() => expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(1));
  return { api, list, opened, sessionLost, generated };
}

const pageExists = async (slug: string) =>
  ((await (await server.fetch(`/api/check-html/${slug}`)).json()) as { exists: boolean }).exists;

describe('Blog Pages (the shared SEO HTML screen)', () => {
  it('lists the published posts, generates one page, then every page, and opens a page outside the app', async () => {
    const user = userEvent.setup();
    const { list, opened, generated } = await setup();
    const rows = within(list).getAllByRole('listitem');
    expect(screen.getByText(`${rows.length} published posts`)).toBeTruthy();

    const first = rows[0] as HTMLElement;
    const slug = (within(first).getByText(/^\/blog\/.+\.html$/).textContent ?? '').replace(/^\/blog\/|\.html$/g, '');
    await user.click(within(first).getByRole('button', { name: /^Generate HTML for / }));
    expect(await screen.findByText(/^HTML generated for ".+"\.$/)).toBeTruthy();
    expect(within(first).getByText('Generated')).toBeTruthy();
    expect(await pageExists(slug)).toBe(true);
    expect(generated).toEqual([[slug]]);

    await user.click(screen.getByRole('button', { name: 'Generate All HTML' }));
    expect(
      await screen.findByText(`HTML generation finished: ${rows.length} succeeded, 0 failed.`, undefined, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(within(list).getAllByText('Generated')).toHaveLength(rows.length);
    expect(generated[1]).toHaveLength(rows.length);

    await user.click(within(first).getByRole('button', { name: /^Open the page of / }));
    expect(opened).toEqual([`https://site.example/blog/${slug}.html`]);
  });

  it('a session that ended stops the run at the first refusal and hands back to the password dialog', async () => {
    const user = userEvent.setup();
    const { api, list, sessionLost } = await setup();
    const total = within(list).getAllByRole('listitem').length;
    await api.logout();
    await user.click(screen.getByRole('button', { name: 'Generate All HTML' }));
    expect(await screen.findByText(`HTML generation finished: 0 succeeded, ${total} failed.`)).toBeTruthy();
    expect(within(list).getAllByText('Failed')).toHaveLength(1);
    expect(sessionLost).toHaveBeenCalledTimes(1);
  });

  it('after a failed load shows the error, not "No published posts yet."', async () => {
    // Nothing listens on port 9: the real client's request fails as when the server is down.
    const api = createFetchAdminApi({ baseUrl: 'http://127.0.0.1:9', tokenStore: createMemoryTokenStore() });
    const platform: Platform = {
      saveExport: async () => ({ status: 'cancelled' }),
      openExternal: async () => {},
    };
    render(
      <AdminServicesProvider value={{ api, platform, sessionLost: () => {} }}>
        <BlogHtmlScreen title="Blog Pages" />
      </AdminServicesProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Network error');
    expect(screen.queryByText(BLOG_HTML_TEXT.noPosts)).toBeNull();
  });

  it('a blog of several pages: the screen reads one page (100 posts) before showing it, with the count of all, and pages on', async () => {
    const bundled = (await (await server.fetch('/api/storychief/stories?per_page=1')).json()) as BlogPostList;
    const total = bundled.meta.pagination.total + 150;
    const remove = await addOlderPosts(server.app.database.db, 'paged-post', 150, 'minute');
    try {
      const requests: string[] = [];
      const { list } = await setup(requests);
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(100));
      // One page read, not the whole blog: its other posts stay on the server until asked for.
      expect(listRequests(requests)).toHaveLength(1);
      expect(screen.getByText(`${total} published posts`)).toBeTruthy();
      expect(screen.getByText('Page 1 of 2')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Previous page' }).getAttribute('aria-disabled')).toBe('true');

      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Next page' }));
      expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(total - 100));
      // The oldest post is the last of the last page.
      expect(within(list).getAllByRole('listitem').at(-1)?.textContent).toContain('Older post 150');
      expect(listRequests(requests)).toHaveLength(2);
      expect(screen.getByRole('button', { name: 'Next page' }).getAttribute('aria-disabled')).toBe('true');

      await user.click(screen.getByRole('button', { name: 'Previous page' }));
      expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(100));
    } finally {
      await remove();
    }
  });

  it('Generate All HTML walks the pages: saves each page before reading the next, every post once, and sums up', async () => {
    // The bundled posts and more: 101 published, one more than a list request's page holds.
    const bundled = (await (await server.fetch('/api/storychief/stories?per_page=1')).json()) as BlogPostList;
    const remove = await addOlderPosts(server.app.database.db, 'older-post', 101 - bundled.meta.pagination.total, 'minute');
    try {
      const requests: string[] = [];
      await setup(requests);
      requests.length = 0;
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Generate All HTML' }));
      expect(await screen.findByText(/^Generating \d+ of 101…$/)).toBeTruthy();
      // Polled, not watched: findByText would query and describe the whole document after each of
      // the walk's hundreds of changes (two thirds of this test's time).
      const finished = 'HTML generation finished: 101 succeeded, 0 failed.';
      expect(await vi.waitUntil(() => screen.queryByText(finished), { timeout: 120_000, interval: 100 })).toBeTruthy();

      // The first page's 100 posts were saved before the second page was read, and that page only once.
      const lists = listRequests(requests);
      expect(lists).toHaveLength(2);
      expect(lists[1]).toMatch(/[?&]page=2(&|$)/);
      expect(saveRequests(requests.slice(0, requests.indexOf(lists[1] as string)))).toHaveLength(100);
      const saved = saveRequests(requests).map((request) => request.split(' ').at(-1));
      expect(saved).toHaveLength(101);
      expect(new Set(saved).size).toBe(101);
      expect(saved.at(-1)).toBe(`older-post-${101 - bundled.meta.pagination.total}`);
      expect(await pageExists(saved.at(-1) as string)).toBe(true);
    } finally {
      await remove();
    }
  }, 180_000);

  it('Generate All HTML can be stopped midway: no page is saved after Stop, the sum says so, and the keyboard is back on Generate All', async () => {
    const bundled = (await (await server.fetch('/api/storychief/stories?per_page=1')).json()) as BlogPostList;
    const remove = await addOlderPosts(server.app.database.db, 'stopped-post', 60 - bundled.meta.pagination.total, 'minute');
    try {
      const requests: string[] = [];
      await setup(requests);
      requests.length = 0;
      const user = userEvent.setup();
      const generateAll = screen.getByRole('button', { name: 'Generate All HTML' });
      await user.click(generateAll);
      expect(await screen.findByText(/^Generating [1-9]\d* of 60…$/, undefined, { timeout: 30_000 })).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Stop' }));
      const summary = await screen.findByText(
        /^HTML generation stopped: \d+ succeeded, 0 failed, \d+ not generated\.$/,
        undefined,
        {
          timeout: 30_000,
        },
      );
      const [, succeeded, left] = /(\d+) succeeded, 0 failed, (\d+) not/.exec(summary.textContent ?? '') ?? [];
      expect(Number(succeeded) + Number(left)).toBe(60);
      expect(Number(left)).toBeGreaterThan(0);
      const saves = saveRequests(requests).length;
      expect(saves).toBe(Number(succeeded));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(saveRequests(requests)).toHaveLength(saves);
      expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
      expect(document.activeElement).toBe(generateAll);
    } finally {
      await remove();
    }
  }, 120_000);
});
