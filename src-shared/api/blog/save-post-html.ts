import { savePostHtmlBody, type BlogPost, type SavePostHtmlResult } from '../../domain/blog-post.ts';
import * as contracts from '../../domain/endpoints/blog.ts';
import { bearer, requestEndpoint, type BlogHttp } from './http.ts';

/**
 * `POST /api/save-post-html`: stores the post's static page (admin token required). The
 * server sanitizes the HTML and builds the page around it.
 */
export function savePostHtml(http: BlogHttp, post: BlogPost, adminToken: string | null): Promise<SavePostHtmlResult> {
  return requestEndpoint(http, contracts.savePostHtml, { body: savePostHtmlBody(post) }, bearer(adminToken));
}
