import { useEffect, useState } from 'react';
import { listTotal } from '../../../src-shared/api/blog/list-cache.ts';
import { listPosts } from '../../../src-shared/api/blog/list-posts.ts';
import type { BlogPost } from '../../../src-shared/domain/blog-post.ts';
import { blogListRequestPages, blogPageCards } from '../../../src-shared/domain/blog-list-page.ts';
import { BLOG } from '../../../src-shared/domain/constants.ts';
import { blogHttp } from './blog-http.ts';

/** The list's request size: the first request's (BLOG.listRequest), so every later page continues it. */
const PER_PAGE = BLOG.listRequest.perPage;
/** How many fetched list pages the page keeps in memory (never in storage): Back and Forward among recent pages cost nothing. */
const KEPT_PAGES = 12;

/** The cards of one page of the list, and how many posts the whole list holds. */
export type ListSlice =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; posts: BlogPost[]; total: number };

/** A list page's posts and the list's total as that answer counted it. */
interface ListPage {
  posts: BlogPost[];
  total: number;
}

/**
 * The cards of `page` of the whole published list when the blog holds more posts than the first
 * request (`first`, page 1 of PER_PAGE): a page beyond them fetches the list page (or two) that
 * holds its cards, one request at a time, and nothing else. `retry` asks again after a failure.
 */
export function useListSlice(first: ListPage | undefined, page: number): { slice: ListSlice; retry(): void } {
  const [fetched, setFetched] = useState<ReadonlyMap<number, ListPage>>(new Map());
  const [failure, setFailure] = useState<{ listPage: number; message: string }>();

  const pageOf = (listPage: number): ListPage | undefined => (listPage === 1 ? first : fetched.get(listPage));
  const needed = first ? blogListRequestPages(page, first.total) : [];
  const missing = needed.find((listPage) => pageOf(listPage) === undefined);

  useEffect(() => {
    // A failed page waits for retry; another page the reader turns to is fetched meanwhile.
    if (missing === undefined || failure?.listPage === missing) return;
    let current = true;
    listPosts(blogHttp, { page: missing, perPage: PER_PAGE, status: 'published' }).then(
      (list) =>
        current &&
        setFetched((before) => {
          const next = new Map(before);
          next.set(missing, { posts: list.data, total: listTotal(list) });
          // The oldest fetched page goes first: a reader paging through a long blog keeps a few pages, not the blog.
          for (const oldest of next.keys()) if (next.size > KEPT_PAGES) next.delete(oldest);
          return next;
        }),
      (error: unknown) =>
        current &&
        setFailure({ listPage: missing, message: (error instanceof Error && error.message) || 'Failed to fetch posts' }),
    );
    return () => {
      current = false;
    };
  }, [missing, failure]);

  const retry = () => setFailure(undefined);
  if (!first) return { slice: { status: 'loading' }, retry };
  if (failure && failure.listPage === missing) return { slice: { status: 'failed', message: failure.message }, retry };
  if (missing !== undefined) return { slice: { status: 'loading' }, retry };
  const lists = needed.map((listPage) => pageOf(listPage) as ListPage);
  const posts = blogPageCards(
    page,
    needed[0] ?? 1,
    lists.flatMap((list) => list.posts),
  );
  // The count of the newest answer among them: the blog as it is now.
  return { slice: { status: 'ready', posts, total: lists.at(-1)?.total ?? 0 }, retry };
}
