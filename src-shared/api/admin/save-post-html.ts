import { savePostHtmlBody, type BlogPost, type SavePostHtmlResult } from '../../domain/blog-post.ts';
import * as contracts from '../../domain/endpoints/blog.ts';
import type { AdminHttp, AdminOutcome } from './transport.ts';

/** `POST /api/save-post-html`: stores the post's static page; the server sanitizes it. */
export async function savePostHtml(http: AdminHttp, post: BlogPost): Promise<AdminOutcome<SavePostHtmlResult>> {
  return http.send(contracts.savePostHtml, { body: savePostHtmlBody(post) });
}
