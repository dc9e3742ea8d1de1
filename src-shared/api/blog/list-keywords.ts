import { BLOG_KEYWORDS_MAX_LIMIT, type BlogKeywordList } from '../../domain/blog-post.ts';
import { listBlogKeywords } from '../../domain/endpoints/blog.ts';
import { requestEndpoint, type BlogHttp } from './http.ts';

/**
 * `GET /api/blog-keywords`: the published posts' keywords, counted by the server over the whole
 * blog, the most used first, as many as one answer carries.
 */
export async function listKeywords(http: BlogHttp): Promise<BlogKeywordList> {
  const body = await requestEndpoint(http, listBlogKeywords, { query: { limit: BLOG_KEYWORDS_MAX_LIMIT } });
  if (!Array.isArray(body?.data)) throw new Error('Unexpected response format');
  return body;
}
