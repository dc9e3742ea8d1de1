import type { BlogPost, SavePostHtmlBody, SavePostHtmlResult } from '../../domain/blog-post.ts';
import { bearer, requestJson, type BlogHttp } from './http.ts';

/**
 * `POST /api/save-post-html`: stores the post's static page (admin token required). The
 * server sanitizes the HTML and builds the page around it.
 */
export function savePostHtml(http: BlogHttp, post: BlogPost, adminToken: string | null): Promise<SavePostHtmlResult> {
  const body: SavePostHtmlBody = {
    filename: `${post.slug}.html`,
    html: post.content,
    slug: post.slug,
    title: post.title,
    postData: post,
  };
  return requestJson<SavePostHtmlResult>(http, '/api/save-post-html', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(adminToken) },
    body: JSON.stringify(body),
  });
}
