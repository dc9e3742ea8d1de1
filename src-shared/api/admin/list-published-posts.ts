import { BLOG_LIST_PATHS, type BlogPost } from '../../domain/blog-post.ts';
import { listBlogPosts } from '../../domain/endpoints/blog.ts';
import { BLOG } from '../../domain/constants.ts';
import type { AdminHttp, AdminOutcome } from './transport.ts';

/**
 * `GET /api/storychief/stories?status=published`, every page of it: the posts whose static
 * pages the operator generates (a request holds at most BLOG.slugLookupPerPage, so a blog of
 * more than 100 posts takes several). Goes through the admin transport so the desktop console
 * reaches the server only through its main process.
 */
export async function listPublishedPosts(http: AdminHttp): Promise<AdminOutcome<BlogPost[]>> {
  // By slug: a post published while the pages are read moves the others down a place, and the
  // one pushed onto the next page would otherwise come twice.
  const posts = new Map<string, BlogPost>();
  for (let page = 1, totalPages = 1; page <= totalPages; page++) {
    const query = { page, per_page: BLOG.slugLookupPerPage, status: 'published' } as const;
    const outcome = await http.send(listBlogPosts(BLOG_LIST_PATHS[0]), { query });
    if (!outcome.ok) return outcome;
    const { data, meta } = outcome.value;
    if (!Array.isArray(data)) return { ok: false, reason: 'failed', error: 'Unexpected response format' };
    for (const post of data) if (!posts.has(post.slug)) posts.set(post.slug, post);
    // A source without pagination (or an empty page) ends the list here.
    if (data.length === 0) break;
    totalPages = meta?.pagination?.total_pages ?? page;
  }
  return { ok: true, value: [...posts.values()] };
}
