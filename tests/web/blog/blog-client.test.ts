import { describe, expect, test } from 'vitest';
import { findPostBySlug } from '../../../src-shared/api/blog/find-post-by-slug.ts';
import { listPosts } from '../../../src-shared/api/blog/list-posts.ts';
import { loadPostsWithCache, type CachedPostList } from '../../../src-shared/api/blog/list-cache.ts';
import { loadPost } from '../../../src-shared/api/blog/post-cache.ts';
import { STORAGE_KEYS } from '../../../src-shared/domain/constants.ts';
import { createFakeBlogServer, makePost } from './fake-blog-server.ts';

const MINUTE = 60_000;
const posts = () => Array.from({ length: 20 }, (_, i) => makePost(40 - i));

/** A clock the test moves by hand. */
function clock(start = Date.parse('2026-11-21T12:00:00Z')) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.blogList) ?? 'null') as CachedPostList | null;

describe('the list request and its fallbacks', () => {
  test('asks for page 1, 50 per page, published, and falls back in order to /posts, /publications/posts, /publications/stories', async () => {
    const server = createFakeBlogServer(posts());
    server.failing = new Set(['/api/storychief/stories', '/api/storychief/posts', '/api/storychief/publications/posts']);
    const loaded = await loadPostsWithCache({ http: server, storage: localStorage, now: clock().now });
    expect(loaded.posts).toHaveLength(20);
    expect(server.requests).toEqual([
      '/api/storychief/stories?page=1&per_page=50&status=published',
      '/api/storychief/posts?page=1&per_page=50&status=published',
      '/api/storychief/publications/posts?page=1&per_page=50&status=published',
      '/api/storychief/publications/stories?page=1&per_page=50&status=published',
    ]);
  });

  test("a failure reports the server's error field, else 'API error: {status} {statusText}'", async () => {
    const server = createFakeBlogServer([]);
    server.failing = new Set(['/api/storychief/']);
    await expect(listPosts(server, { page: 1, perPage: 50, status: 'published' })).rejects.toThrow('Blog store offline');
    server.failWith = () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' });
    await expect(listPosts(server, { page: 1, perPage: 50, status: 'published' })).rejects.toThrow('API error: 502 Bad Gateway');
  });

  test('slug lookup fetches 100 posts; a missing slug and a malformed answer have their own messages', async () => {
    const server = createFakeBlogServer(posts());
    expect((await findPostBySlug(server, 'post-30')).id).toBe(30);
    expect(server.requests[0]).toBe('/api/storychief/stories?page=1&per_page=100&status=published');
    await expect(findPostBySlug(server, 'nope')).rejects.toThrow('Post with slug "nope" not found');
    server.extra = () => Response.json({ posts: [] });
    await expect(findPostBySlug(server, 'post-30')).rejects.toThrow('Unexpected response format');
  });
});

describe('the list cache, with a movable clock', () => {
  test('stores {data, lastModified, cachedAt, total} and reuses it while the latest 10 posts are not newer', async () => {
    const server = createFakeBlogServer(posts());
    const time = clock();
    expect((await loadPostsWithCache({ http: server, storage: localStorage, now: time.now })).source).toBe('network');
    expect(stored()).toEqual({ data: posts(), lastModified: posts()[0]?.updated_at, cachedAt: time.now(), total: 20 });

    time.advance(60 * MINUTE);
    server.requests.length = 0;
    const again = await loadPostsWithCache({ http: server, storage: localStorage, now: time.now });
    expect(again).toEqual({ posts: posts(), total: 20, source: 'cache' });
    expect(server.requests).toEqual(['/api/storychief/stories?page=1&per_page=10&status=published']);

    // An older post come beyond the newest 10 changes the count: the list is fetched again, with it.
    server.posts = [...posts(), makePost(1)];
    expect(await loadPostsWithCache({ http: server, storage: localStorage, now: time.now })).toEqual({
      posts: [...posts(), makePost(1)],
      total: 21,
      source: 'network',
    });
  });

  test('a newer update among the latest 10 drops the cache and refetches', async () => {
    const server = createFakeBlogServer(posts());
    const time = clock();
    await loadPostsWithCache({ http: server, storage: localStorage, now: time.now });
    server.posts = [makePost(40, { title: 'Edited', updated_at: '2026-12-01T00:00:00.000Z' }), ...posts().slice(1)];
    time.advance(MINUTE);
    const loaded = await loadPostsWithCache({ http: server, storage: localStorage, now: time.now });
    expect(loaded.source).toBe('network');
    expect(loaded.posts[0]?.title).toBe('Edited');
    expect(stored()).toMatchObject({ lastModified: '2026-12-01T00:00:00.000Z', cachedAt: time.now() });
  });

  test('a post that became public or was taken down among the latest 10 drops the cache, though no update is newer (fake blog server)', async () => {
    const server = createFakeBlogServer(posts());
    const time = clock();
    await loadPostsWithCache({ http: server, storage: localStorage, now: time.now });
    // A scheduled post whose date has come: published now, last edited before the newest post was.
    const scheduled = makePost(41, { title: 'Went live today', updated_at: '2026-01-01T00:00:00.000Z' });
    server.posts = [scheduled, ...posts()];
    time.advance(MINUTE);
    const withNew = await loadPostsWithCache({ http: server, storage: localStorage, now: time.now });
    expect(withNew.posts.map((post) => post.title)).toContain('Went live today');

    // The newest post taken down: its card must go, though nothing was updated.
    server.posts = posts().slice(1);
    time.advance(MINUTE);
    const withoutTakenDown = await loadPostsWithCache({ http: server, storage: localStorage, now: time.now });
    expect(withoutTakenDown.posts.map((post) => post.id)).not.toContain(40);
  });

  test('a post taken down beyond the latest 10 leaves the list and its page at the next check, though no update is newer', async () => {
    const server = createFakeBlogServer(posts());
    const time = clock();
    await loadPostsWithCache({ http: server, storage: localStorage, now: time.now });
    // Post 25 is the 16th newest: the check's 10 newest are the cached ones, unchanged.
    server.posts = posts().filter((post) => post.id !== 25);
    time.advance(MINUTE);
    const loaded = await loadPostsWithCache({ http: server, storage: localStorage, now: time.now });
    expect(loaded.posts.map((post) => post.id)).not.toContain(25);
    expect(loaded.total).toBe(19);
    expect(stored()?.data.map((post) => post.id)).not.toContain(25);
    await expect(findPostBySlug(server, 'post-25')).rejects.toThrow('Post with slug "post-25" not found');
  });

  test('when the check fails the cache is used while under 5 minutes old, and dropped after', async () => {
    const server = createFakeBlogServer(posts());
    const time = clock();
    await loadPostsWithCache({ http: server, storage: localStorage, now: time.now });
    server.failing = new Set(['/api/storychief/']);

    time.advance(5 * MINUTE - 1);
    expect(await loadPostsWithCache({ http: server, storage: localStorage, now: time.now })).toEqual({
      posts: posts(),
      total: 20,
      source: 'stale-cache',
    });

    time.advance(1);
    await expect(loadPostsWithCache({ http: server, storage: localStorage, now: time.now })).rejects.toThrow(
      'Blog store offline',
    );
    expect(stored()).toBeNull();
  });

  test('a corrupt cache entry is ignored', async () => {
    localStorage.setItem(STORAGE_KEYS.blogList, '{"data": "nope"');
    const server = createFakeBlogServer(posts());
    expect((await loadPostsWithCache({ http: server, storage: localStorage, now: clock().now })).source).toBe('network');
  });
});

describe('the single-post cache', () => {
  test('the saved copy is used when its update time is not older than the live post', async () => {
    const server = createFakeBlogServer(posts());
    server.cached.set('post-30', makePost(30, { title: 'Saved copy' }));
    const loaded = await loadPost(server, 'post-30', 'good-token');
    expect(loaded).toMatchObject({ fromCache: true, post: { title: 'Saved copy' } });
    expect(await loaded.saved).toBe(false);
    expect(server.saved).toEqual([]);
  });

  test('an older copy gives the live post, and a static copy is saved when an admin token is at hand', async () => {
    const server = createFakeBlogServer(posts());
    server.cached.set('post-30', makePost(30, { title: 'Old copy', updated_at: '2025-01-01T00:00:00.000Z' }));
    const loaded = await loadPost(server, 'post-30', 'good-token');
    expect(loaded).toMatchObject({ fromCache: false, post: { title: 'Post number 30' } });
    expect(await loaded.saved).toBe(true);
    expect(server.saved[0]?.body).toMatchObject({ filename: 'post-30.html', slug: 'post-30', title: 'Post number 30' });

    const withoutToken = await loadPost(server, 'post-30', null);
    expect(await withoutToken.saved).toBe(false);
    expect(server.saved).toHaveLength(1);
  });

  test('a missing post is not served from an old copy; an unreachable list is', async () => {
    const server = createFakeBlogServer(posts());
    server.cached.set('gone', makePost(99, { slug: 'gone' }));
    await expect(loadPost(server, 'gone', null)).rejects.toThrow('Post with slug "gone" not found');
    server.failing = new Set(['/api/storychief/']);
    expect(await loadPost(server, 'gone', null)).toMatchObject({ fromCache: true, post: { slug: 'gone' } });
  });
});
