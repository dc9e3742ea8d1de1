import { useEffect, useState } from 'react';
import { listTotal } from '../../../src-shared/api/blog/list-cache.ts';
import { listPosts } from '../../../src-shared/api/blog/list-posts.ts';
import type { BlogPost } from '../../../src-shared/domain/blog-post.ts';
import { blogListRequestPages, blogPageCards, blogPageCount } from '../../../src-shared/domain/blog-list-page.ts';
import { BLOG } from '../../../src-shared/domain/constants.ts';
import { blogHttp } from './blog-http.ts';

/** The list's request size: the first request's (BLOG.listRequest), so every later page continues it. */
const PER_PAGE = BLOG.listRequest.perPage;
/** How many fetched list pages the page keeps in memory (never in storage): Back and Forward among recent pages cost nothing. */
const KEPT_PAGES = 12;
/** A search waits this long after the last keystroke before it asks the server, so typing a word costs one request, not one a letter. */
const SEARCH_DELAY_MS = 300;

/** The list's search and keyword, trimmed ('' for none). */
export interface ListQuery {
  search: string;
  keyword: string;
}

/** The cards of one page of the list. */
export type ListSlice =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | {
      status: 'ready';
      posts: BlogPost[];
      /** Set when the server could search only the newest this many posts (StoryChief). */
      searchedNewest?: number;
    };

/** A list page's posts and the list's total as that answer counted it. */
interface ListPage {
  query: string;
  posts: BlogPost[];
  total: number;
  searchedNewest?: number;
}

const queryKey = ({ search, keyword }: ListQuery) => JSON.stringify([search, keyword]);
const pageKey = (query: string, listPage: number) => `${query}#${listPage}`;

/**
 * The cards of `page` of the whole published list, searched and filtered by `query` on the
 * server, when the blog holds more posts than the first request (`first`, page 1 of PER_PAGE
 * of the unfiltered list): a page beyond them fetches the list page (or two) that holds its
 * cards, one request at a time, and nothing else. `page` is the page asked for: one past the
 * end gives the last. `total` is the list's count once an answer for the query has given it.
 * `retry` asks again after a failure.
 */
export function useListSlice(
  first: { posts: BlogPost[]; total: number } | undefined,
  query: ListQuery | undefined,
  page: number,
): { slice: ListSlice; total: number | undefined; retry(): void } {
  const [fetched, setFetched] = useState<ReadonlyMap<string, ListPage>>(new Map());
  const [failure, setFailure] = useState<{ key: string; message: string }>();

  const key = query && queryKey(query);
  const unfiltered = key === queryKey({ search: '', keyword: '' });
  const pageOf = (listPage: number): ListPage | undefined =>
    key === undefined
      ? undefined
      : listPage === 1 && unfiltered && first
        ? { query: key, ...first }
        : fetched.get(pageKey(key, listPage));
  const known = unfiltered ? first : [...fetched.values()].find((entry) => entry.query === key);
  const total = known?.total;
  // A page past the end shows the last (as shownBlogPage); until an answer counts the search's matches, the page is taken to be full.
  const shownPage = total === undefined ? page : Math.min(page, blogPageCount(total));
  const needed = key === undefined || !first ? [] : blogListRequestPages(shownPage, total ?? Infinity);
  const missing = needed.find((listPage) => pageOf(listPage) === undefined);
  const missingKey = key !== undefined && missing !== undefined ? pageKey(key, missing) : undefined;

  useEffect(() => {
    // A failed page waits for retry; another page or search the reader turns to is fetched meanwhile.
    if (!query || missing === undefined || missingKey === undefined || failure?.key === missingKey) return;
    let current = true;
    const { search, keyword } = query;
    const timer = setTimeout(
      () =>
        void listPosts(blogHttp, { page: missing, perPage: PER_PAGE, status: 'published', search, keyword }).then(
          (list) =>
            current &&
            setFetched((before) => {
              const next = new Map(before);
              const searchedNewest = list.meta?.searched_newest;
              next.set(missingKey, {
                query: queryKey(query),
                posts: list.data,
                total: listTotal(list),
                ...(searchedNewest === undefined ? {} : { searchedNewest }),
              });
              // The oldest fetched page goes first: a reader paging through a long blog keeps a few pages, not the blog.
              for (const oldest of next.keys()) if (next.size > KEPT_PAGES) next.delete(oldest);
              return next;
            }),
          (error: unknown) =>
            current &&
            setFailure({ key: missingKey, message: (error instanceof Error && error.message) || 'Failed to fetch posts' }),
        ),
      search || keyword ? SEARCH_DELAY_MS : 0,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // `query` is named by missingKey: a new object with the same words is the same request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [missingKey, failure]);

  const retry = () => setFailure(undefined);
  if (!first || key === undefined) return { slice: { status: 'loading' }, total, retry };
  if (missingKey !== undefined && failure?.key === missingKey)
    return { slice: { status: 'failed', message: failure.message }, total, retry };
  if (missing !== undefined) return { slice: { status: 'loading' }, total, retry };
  const lists = needed.map((listPage) => pageOf(listPage) as ListPage);
  const posts = blogPageCards(
    shownPage,
    needed[0] ?? 1,
    lists.flatMap((list) => list.posts),
  );
  const searchedNewest = lists[0]?.searchedNewest;
  return { slice: { status: 'ready', posts, ...(searchedNewest === undefined ? {} : { searchedNewest }) }, total, retry };
}
