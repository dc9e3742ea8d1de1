import * as contracts from '../../domain/endpoints/blog.ts';
import { requestEndpoint, type BlogHttp } from './http.ts';

/** `GET /api/check-html/{slug}`: whether a static page of the post is stored. */
export async function checkHtml(http: BlogHttp, slug: string): Promise<boolean> {
  const body = await requestEndpoint(http, contracts.checkHtml, { params: { slug } });
  return body.exists === true;
}
