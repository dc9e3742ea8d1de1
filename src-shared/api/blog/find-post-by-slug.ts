import { postNotFound, type BlogPost } from '../../domain/blog-post.ts';
import { BLOG } from '../../domain/constants.ts';
import { getPublishedPostBySlug } from '../../domain/endpoints/blog.ts';
import { BlogApiError, requestEndpoint, type BlogHttp } from './http.ts';
import { listPosts } from './list-posts.ts';

/** Thrown when the lookup worked and no published post has the slug. */
export class PostNotFoundError extends Error {
  override name = 'PostNotFoundError';
}

/**
 * The published post with `slug`: looked up in the newest 100 posts (BLOG.slugLookupPerPage:
 * one list request), and only when the blog has more posts than those, asked for by its slug.
 */
export async function findPostBySlug(http: BlogHttp, slug: string): Promise<BlogPost> {
  const list = await listPosts(http, { page: 1, perPage: BLOG.slugLookupPerPage, status: 'published' });
  const listed = list.data.find((candidate) => candidate.slug === slug);
  if (listed) return listed;
  const older = (list.meta?.pagination?.total_pages ?? 1) > 1 ? await olderPost(http, slug) : undefined;
  if (!older) throw new PostNotFoundError(postNotFound(slug));
  return older;
}

async function olderPost(http: BlogHttp, slug: string): Promise<BlogPost | undefined> {
  try {
    return (await requestEndpoint(http, getPublishedPostBySlug, { params: { slug } })).data;
  } catch (error) {
    // 400: no post can have that slug (the pattern refuses it), as good as not found.
    if (error instanceof BlogApiError && (error.status === 404 || error.status === 400)) return undefined;
    throw error;
  }
}
