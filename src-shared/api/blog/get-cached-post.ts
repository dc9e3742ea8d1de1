import type { BlogPost } from '../../domain/blog-post.ts';
import { BlogApiError, requestJson, type BlogHttp } from './http.ts';

/** `GET /api/cached-post/{slug}`: the saved copy of a post, or null when there is none. */
export async function getCachedPost(http: BlogHttp, slug: string): Promise<BlogPost | null> {
  try {
    const post = await requestJson<BlogPost>(http, `/api/cached-post/${encodeURIComponent(slug)}`);
    return typeof post === 'object' && post !== null && 'slug' in post ? post : null;
  } catch (error) {
    if (error instanceof BlogApiError && error.status === 404) return null;
    throw error;
  }
}
