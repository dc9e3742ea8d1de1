import type { ListPage } from '../../domain/admin-lists.ts';
import { BLOG_LIST_PATHS, type BlogPost, type PublishedPostsQuery } from '../../domain/blog-post.ts';
import { listBlogPosts } from '../../domain/endpoints/blog.ts';
import { BLOG } from '../../domain/constants.ts';
import type { AdminHttp, AdminOutcome } from './transport.ts';

/** Posts a page: the most one list request may hold (StoryChief's own limit). */
export const PUBLISHED_POSTS_PER_PAGE = BLOG.slugLookupPerPage;

/** One page of the published posts, and where it sits among them. */
export interface PublishedPostsPage extends ListPage<BlogPost> {
  page: number;
  /** How many pages the published posts fill now (at least 1). */
  pageCount: number;
}

/**
 * `GET /api/storychief/stories?status=published`, one page of it: the posts whose static pages
 * the operator generates. A blog may hold a million posts, so neither the list nor 'Generate
 * All HTML' ever asks for more than a page at a time. Goes through the admin transport so the
 * desktop console reaches the server only through its main process.
 */
export async function listPublishedPosts(
  http: AdminHttp,
  { page = 1 }: PublishedPostsQuery = {},
): Promise<AdminOutcome<PublishedPostsPage>> {
  const query = { page, per_page: PUBLISHED_POSTS_PER_PAGE, status: 'published' } as const;
  const outcome = await http.send(listBlogPosts(BLOG_LIST_PATHS[0]), { query });
  if (!outcome.ok) return outcome;
  const { data, meta } = outcome.value;
  if (!Array.isArray(data)) return { ok: false, reason: 'failed', error: 'Unexpected response format' };
  // A source without pagination answers its posts on one page: this one is the last.
  const pagination = meta?.pagination;
  const total = pagination?.total ?? (page - 1) * PUBLISHED_POSTS_PER_PAGE + data.length;
  const pageCount = Math.max(1, pagination?.total_pages ?? page);
  return {
    ok: true,
    value: {
      items: data,
      // The next page's number, for a caller that walks them in order.
      nextCursor: page < pageCount ? String(page + 1) : null,
      total,
      totalIsEstimate: false,
      page,
      pageCount,
    },
  };
}
