import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { AdminServicesProvider } from '../../src-shared/admin/admin-services.tsx';
import { BlogHtmlScreen } from '../../src-shared/admin/BlogHtmlScreen.tsx';
import { createFetchAdminApi } from '../../src-shared/api/admin/client.ts';
import { createMemoryTokenStore } from '../../src-shared/api/admin/memory-token-store.ts';
import type { BlogPostList } from '../../src-shared/domain/blog-post.ts';
import { addOlderPosts } from '../../tests/support/older-posts.ts';
import { startTestServer, type TestServer } from '../../tests/support/test-server.ts';

const PASSWORD = 'bench admin password';
const POSTS = 101;
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

let server: TestServer;
beforeAll(async () => {
  // No short cache of the post lists: the posts are added, then listed at once.
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD, BLOG_CACHE_TTL_SECONDS: '0' } });
  const bundled = (await (await server.fetch('/api/storychief/stories?per_page=1')).json()) as BlogPostList;
  await addOlderPosts(server.app.database.db, 'bench-post', POSTS - bundled.meta.pagination.total, 'minute');
});
afterAll(() => server.close());

/** One walk: React's render time while it runs (ms), its commits, and its wall time (ms). */
async function walk(): Promise<{ renderMs: number; commits: number; wallMs: number }> {
  const api = createFetchAdminApi({ baseUrl: server.url, tokenStore: createMemoryTokenStore() });
  expect((await api.login(PASSWORD)).ok).toBe(true);
  const measured = { renderMs: 0, commits: 0, counting: false };
  const { unmount } = render(
    <AdminServicesProvider
      value={{
        api,
        platform: { saveExport: async () => ({ status: 'cancelled' }), openExternal: async () => {} },
        sessionLost: () => {},
      }}
    >
      <Profiler
        id="blog-html"
        onRender={(_id, _phase, actualMs) => {
          if (!measured.counting) return;
          measured.renderMs += actualMs;
          measured.commits += 1;
        }}
      >
        <BlogHtmlScreen title="Blog Pages" pageUrl={(slug) => `https://site.example/blog/${slug}.html`} />
      </Profiler>
    </AdminServicesProvider>,
  );
  await screen.findAllByRole('button', { name: /^Generate HTML for / });
  measured.counting = true;
  const started = performance.now();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Generate All HTML' }));
  // Polled, not watched: findByText would query (and describe) the whole document after every
  // change the walk makes, and time itself instead of the screen.
  const finished = `HTML generation finished: ${POSTS} succeeded, 0 failed.`;
  await vi.waitUntil(() => screen.queryByText(finished), { timeout: 300_000, interval: 100 });
  const wallMs = performance.now() - started;
  unmount();
  return { renderMs: measured.renderMs, commits: measured.commits, wallMs };
}

it(`Generate All HTML over ${POSTS} posts`, async () => {
  const walks = [];
  for (let round = 0; round < ROUNDS; round++) walks.push(await walk());
  const renderMs = median(walks.map((one) => one.renderMs));
  const commits = median(walks.map((one) => one.commits));
  console.log(
    [
      `Generate All HTML, ${POSTS} posts, jsdom, medians of ${ROUNDS} walks:`,
      `  React render time ${renderMs.toFixed(0)} ms in ${commits} commits (${(renderMs / commits).toFixed(1)} ms a commit)`,
      `  wall time ${median(walks.map((one) => one.wallMs)).toFixed(0)} ms (the server saves a page in about 4 ms)`,
    ].join('\n'),
  );
});
