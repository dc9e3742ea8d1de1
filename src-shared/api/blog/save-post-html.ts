import { savePostHtmlBody, type BlogPost, type SavePostHtmlResult } from '../../domain/blog-post.ts';
import { bearer, requestJson, type BlogHttp } from './http.ts';

/**
 * `POST /api/save-post-html`: stores the post's static page (admin token required). The
 * server sanitizes the HTML and builds the page around it.
 */
export function savePostHtml(http: BlogHttp, post: BlogPost, adminToken: string | null): Promise<SavePostHtmlResult> {
  return requestJson<SavePostHtmlResult>(http, '/api/save-post-html', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(adminToken) },
    body: JSON.stringify(savePostHtmlBody(post)),
  });
}
