import { BLOG } from '../../domain/constants.ts';
import type { BlogHttp } from './http.ts';
import { listPosts } from './list-posts.ts';
import { savePostHtml } from './save-post-html.ts';

export interface GenerateAllResult {
  success: number;
  errors: number;
}

/** Saves a static page for every published post (up to 100), one at a time. Throws if the list cannot be read. */
export async function generateAllHtml(http: BlogHttp, adminToken: string | null): Promise<GenerateAllResult> {
  const { data } = await listPosts(http, { page: 1, perPage: BLOG.slugLookupPerPage, status: 'published' });
  const result: GenerateAllResult = { success: 0, errors: 0 };
  for (const post of data) {
    try {
      await savePostHtml(http, post, adminToken);
      result.success += 1;
    } catch {
      result.errors += 1;
    }
  }
  return result;
}
