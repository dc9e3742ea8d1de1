import { BLOG_LIST_PATHS, type BlogPostList, type BlogStatusFilter } from '../../domain/blog-post.ts';
import { listBlogPosts } from '../../domain/endpoints/blog.ts';
import { bearer, requestEndpoint, type BlogHttp } from './http.ts';

export interface ListPostsQuery {
  page: number;
  perPage: number;
  status: BlogStatusFilter;
  /** Text to find in the posts (the server searches them all); none when empty. */
  search?: string;
  /** A keyword the posts must list; none when empty. */
  keyword?: string;
  /** The admin token, needed for any status but published. */
  adminToken?: string | null;
}

/**
 * `GET /api/storychief/stories`, falling back in order to /posts, /publications/posts and
 * /publications/stories (the names StoryChief-style backends answer to). Throws the last path's error when all fail.
 */
export async function listPosts(http: BlogHttp, query: ListPostsQuery): Promise<BlogPostList> {
  const search = {
    page: query.page,
    per_page: query.perPage,
    status: query.status,
    // Only when set: the plain list's requests (and the answers preloaded for them) keep their addresses.
    ...(query.search ? { search: query.search } : {}),
    ...(query.keyword ? { keyword: query.keyword } : {}),
  };
  let lastError: unknown;
  for (const path of BLOG_LIST_PATHS) {
    try {
      const body = await requestEndpoint(http, listBlogPosts(path), { query: search }, bearer(query.adminToken));
      if (!Array.isArray(body?.data)) throw new Error('Unexpected response format');
      return body;
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError instanceof Error ? lastError : new Error('Failed to fetch posts');
}
