import { BLOG } from './constants.ts';
import { PATHS } from './routes.ts';

/**
 * The blog list's page number lives in its address (/blog?page=2) so that Back returns to it
 * and a page can be linked or bookmarked. Page 1 is plain /blog, its one address. The web app
 * and the server's first paint read it with these, so they agree on the page and its canonical link.
 */
export const BLOG_PAGE_PARAM = 'page';
/** The list's search text and keyword filter, in the address too (/blog?q=interview&keyword=remote+hiring&page=2). */
export const BLOG_SEARCH_PARAM = 'q';
export const BLOG_KEYWORD_PARAM = 'keyword';

/**
 * Whether the address asks for a search or a keyword: such a list is a view of the blog, not
 * a page of its own, so its canonical link is /blog.
 */
export function isFilteredBlogList(params: URLSearchParams): boolean {
  return Boolean(params.get(BLOG_SEARCH_PARAM) || params.get(BLOG_KEYWORD_PARAM));
}

/** The page the address asks for: 1 without the parameter, undefined when it is no whole number from 1 (?page=abc, ?page=0). */
export function requestedBlogPage(params: URLSearchParams): number | undefined {
  const raw = params.get(BLOG_PAGE_PARAM);
  if (raw === null) return 1;
  // Six digits at most: no list has a million pages, and the number stays exact.
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : undefined;
}

/** How many pages of BLOG.pageSize cards `postCount` posts make (at least one, the empty list's). */
export function blogPageCount(postCount: number): number {
  return Math.max(1, Math.ceil(postCount / BLOG.pageSize));
}

/**
 * The pages of the list request (BLOG.listRequest.perPage posts each, from 1) that hold the
 * cards of list page `page` (BLOG.pageSize cards each) among `total` posts: one, or two when the
 * page straddles them. A page beyond the first request's posts is fetched from these.
 */
export function blogListRequestPages(page: number, total: number): number[] {
  const perPage = BLOG.listRequest.perPage;
  const first = (page - 1) * BLOG.pageSize;
  const last = Math.max(first, Math.min(page * BLOG.pageSize, total) - 1);
  const pages: number[] = [];
  for (let listPage = Math.floor(first / perPage) + 1; listPage <= Math.floor(last / perPage) + 1; listPage += 1)
    pages.push(listPage);
  return pages;
}

/** The cards of list page `page`, out of the posts of the list request pages from `firstRequestPage` on, in order. */
export function blogPageCards<T>(page: number, firstRequestPage: number, posts: readonly T[]): T[] {
  const start = (page - 1) * BLOG.pageSize - (firstRequestPage - 1) * BLOG.listRequest.perPage;
  return posts.slice(start, start + BLOG.pageSize);
}

/** The page the list shows for the address: a bad number shows page 1, one past the end the last page. */
export function shownBlogPage(params: URLSearchParams, pageCount: number): number {
  return Math.min(requestedBlogPage(params) ?? 1, pageCount);
}

/** The value of the parameter for `page`: none for page 1. */
export function blogPageParam(page: number): string | null {
  return page > 1 ? String(page) : null;
}

/** The address of a page of the list: /blog, /blog?page=2, … (its canonical address). */
export function blogListPath(page: number): string {
  const param = blogPageParam(page);
  return param === null ? PATHS.blog : `${PATHS.blog}?${BLOG_PAGE_PARAM}=${param}`;
}
