import type { BlogPost, BlogPostList } from '../../domain/blog-post.ts';
import { BLOG, STORAGE_KEYS } from '../../domain/constants.ts';
import type { BlogHttp } from './http.ts';
import { listPosts } from './list-posts.ts';

/** The cached post list record: the posts, their newest update time, when it was cached. */
export interface CachedPostList {
  data: BlogPost[];
  /** The newest updated_at among the posts, as an ISO date. */
  lastModified: string;
  /** Milliseconds since the epoch. */
  cachedAt: number;
  /** How many published posts the blog held then (the answer's count): a post gone or come at any age changes it. */
  total: number;
}

export interface ListCacheDeps {
  http: BlogHttp;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** The clock, movable in tests. */
  now: () => number;
}

export interface LoadedPosts {
  /** The first request's posts (BLOG.listRequest): the newest ones. */
  posts: BlogPost[];
  /** How many published posts the blog holds: more than `posts` when the blog is longer than the first request. */
  total: number;
  /** Where the posts came from: the network, a validated cache, or a recent cache kept because the check failed. */
  source: 'network' | 'cache' | 'stale-cache';
}

function newestUpdate(posts: readonly BlogPost[]): number {
  return posts.reduce((newest, post) => {
    const time = Date.parse(post.updated_at);
    return Number.isNaN(time) ? newest : Math.max(newest, time);
  }, 0);
}

/**
 * Whether the latest posts are the cached list's first ones. A post that becomes public when
 * its date comes, or is taken down, changes no update time, yet changes the list.
 */
function sameNewestPosts(latest: readonly BlogPost[], cached: readonly BlogPost[]): boolean {
  return latest.every((post, index) => cached[index]?.id === post.id);
}

/** The server's count of the list's posts; a backend that sends none has only the posts it sent. */
export function listTotal(list: Pick<BlogPostList, 'data'> & { meta?: Partial<BlogPostList['meta']> }): number {
  const total = list.meta?.pagination?.total;
  return typeof total === 'number' && Number.isSafeInteger(total) && total >= list.data.length ? total : list.data.length;
}

function readCache(storage: ListCacheDeps['storage']): CachedPostList | undefined {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEYS.blogList) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const record = parsed as Partial<CachedPostList>;
    // A record of an earlier version has no count: it is dropped, so the list is fetched once more.
    if (
      !Array.isArray(record.data) ||
      typeof record.lastModified !== 'string' ||
      typeof record.cachedAt !== 'number' ||
      typeof record.total !== 'number'
    )
      return undefined;
    return record as CachedPostList;
  } catch {
    return undefined;
  }
}

/**
 * The blog list with its local-storage cache: a cached list is used while the newest update
 * among the latest 10 posts is not newer than its own, those posts are still its first ones and
 * the blog counts as many posts as when it was cached; otherwise it is dropped and the list
 * refetched. The count is what tells an older post taken down (or come back) beyond the latest
 * 10: its card would otherwise stay in the cached list, however long. If that check fails, the
 * cache is used while under 5 minutes old.
 */
export async function loadPostsWithCache(deps: ListCacheDeps): Promise<LoadedPosts> {
  const { http, storage, now } = deps;
  const cached = readCache(storage);
  if (cached) {
    try {
      const latest = await listPosts(http, { page: 1, perPage: BLOG.cacheValidationPerPage, status: 'published' });
      if (
        newestUpdate(latest.data) <= Date.parse(cached.lastModified) &&
        sameNewestPosts(latest.data, cached.data) &&
        listTotal(latest) === cached.total
      )
        return { posts: cached.data, total: cached.total, source: 'cache' };
    } catch {
      // The server is out of reach: the cached posts are all the list can show until it answers again.
      if (now() - cached.cachedAt < BLOG.fallbackCacheMaxAgeMs)
        return { posts: cached.data, total: cached.data.length, source: 'stale-cache' };
    }
    storage.removeItem(STORAGE_KEYS.blogList);
  }
  const { page, perPage, status } = BLOG.listRequest;
  const fresh = await listPosts(http, { page, perPage, status });
  const total = listTotal(fresh);
  const record: CachedPostList = {
    data: fresh.data,
    lastModified: new Date(newestUpdate(fresh.data)).toISOString(),
    cachedAt: now(),
    total,
  };
  try {
    storage.setItem(STORAGE_KEYS.blogList, JSON.stringify(record));
  } catch {
    // A full or disabled storage only costs the next visit a refetch.
  }
  return { posts: fresh.data, total, source: 'network' };
}
