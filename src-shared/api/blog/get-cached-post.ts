import type { BlogPost } from '../../domain/blog-post.ts';
import * as contracts from '../../domain/endpoints/blog.ts';
import { BlogApiError, requestEndpoint, type BlogHttp } from './http.ts';

/** `GET /api/cached-post/{slug}`: the saved copy of a post, or null when there is none. */
export async function getCachedPost(http: BlogHttp, slug: string): Promise<BlogPost | null> {
  try {
    const post: unknown = await requestEndpoint(http, contracts.getCachedPost, { params: { slug } });
    return typeof post === 'object' && post !== null && 'slug' in post ? (post as BlogPost) : null;
  } catch (error) {
    if (error instanceof BlogApiError && error.status === 404) return null;
    throw error;
  }
}
