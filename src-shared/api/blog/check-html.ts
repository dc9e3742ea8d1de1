import type { CheckHtmlResult } from '../../domain/blog-post.ts';
import { requestJson, type BlogHttp } from './http.ts';

/** `GET /api/check-html/{slug}`: whether a static page of the post is stored. */
export async function checkHtml(http: BlogHttp, slug: string): Promise<boolean> {
  const body = await requestJson<CheckHtmlResult>(http, `/api/check-html/${encodeURIComponent(slug)}`);
  return body.exists === true;
}
