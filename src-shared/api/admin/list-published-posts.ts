import { BLOG_LIST_PATHS, type BlogPost } from '../../domain/blog-post.ts';
import { listBlogPosts } from '../../domain/endpoints/blog.ts';
import { BLOG } from '../../domain/constants.ts';
import type { AdminHttp, AdminOutcome } from './transport.ts';

/**
 * `GET /api/storychief/stories?status=published`: the posts whose static pages the operator
 * generates (up to BLOG.slugLookupPerPage, one list request). Goes through the admin transport so the desktop console
 * reaches the server only through its main process.
 */
export async function listPublishedPosts(http: AdminHttp): Promise<AdminOutcome<BlogPost[]>> {
  const query = { page: 1, per_page: BLOG.slugLookupPerPage, status: 'published' } as const;
  const outcome = await http.send(listBlogPosts(BLOG_LIST_PATHS[0]), { query });
  if (!outcome.ok) return outcome;
  if (!Array.isArray(outcome.value.data)) return { ok: false, reason: 'failed', error: 'Unexpected response format' };
  return { ok: true, value: outcome.value.data };
}
