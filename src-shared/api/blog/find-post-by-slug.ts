import type { BlogPost } from '../../domain/blog-post.ts';
import { BLOG } from '../../domain/constants.ts';
import type { BlogHttp } from './http.ts';
import { listPosts } from './list-posts.ts';

/** Thrown when the lookup worked and no published post has the slug. */
export class PostNotFoundError extends Error {
  override name = 'PostNotFoundError';
}

/** The published post with `slug`, looked up in the newest 100 posts (BLOG.slugLookupPerPage: one list request). */
export async function findPostBySlug(http: BlogHttp, slug: string): Promise<BlogPost> {
  const list = await listPosts(http, { page: 1, perPage: BLOG.slugLookupPerPage, status: 'published' });
  const post = list.data.find((candidate) => candidate.slug === slug);
  if (!post) throw new PostNotFoundError(`Post with slug "${slug}" not found`);
  return post;
}
