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
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const PASSWORD = 'correct horse battery staple';

let server: TestServer;
beforeAll(async () => {
  // No short cache of the post lists: a test adds posts and lists them at once.
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD, BLOG_CACHE_TTL_SECONDS: '0' } });
}, 60_000);
afterAll(() => server.close());

/** The shared screen with the real admin client against the real server and its bundled posts. */
async function setup() {
  const api: AdminApi = createFetchAdminApi({ baseUrl: server.url, tokenStore: createMemoryTokenStore() });
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

  it('Generate All HTML covers every published post, past the first page of 100', async () => {
    // The bundled posts and more: 101 published, one more than a list request's page holds.
    const bundled = (await (await server.fetch('/api/storychief/stories?per_page=1')).json()) as BlogPostList;
    const dayAgo = new Date(Date.now() - 24 * 3600_000);
    await server.app.database.db
      .insertInto('blog_posts')
      .values(
        Array.from({ length: 101 - bundled.meta.pagination.total }, (_, index) => ({
          slug: `older-post-${index}`,
          title: `Older post ${index}`,
          excerpt: 'Excerpt',
          content_html: '<p>Hello</p>',
          seo_keyword: '',
          seo_title: `Older post ${index}`,
          seo_description: 'Description',
          featured_image_url: null,
          featured_image_alt: '',
          featured_image_name: '',
          status: 'published' as const,
          // Older than every bundled post: the last in the list, past its first page.
          published_at: new Date(Date.UTC(2020, 0, 1) + index * 60_000),
          updated_at: dayAgo,
        })),
      )
      .execute();
    const user = userEvent.setup();
    const { list } = await setup();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(101));
    expect(screen.getByText('101 published posts')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Generate All HTML' }));
    expect(
      await screen.findByText('HTML generation finished: 101 succeeded, 0 failed.', undefined, { timeout: 120_000 }),
    ).toBeTruthy();
    expect(await pageExists('older-post-0')).toBe(true);
  }, 180_000);
});
