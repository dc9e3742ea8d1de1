import type { BlogPost } from '../../domain/blog-post.ts';
import { checkHtml } from './check-html.ts';
import { findPostBySlug, PostNotFoundError } from './find-post-by-slug.ts';
import { getCachedPost } from './get-cached-post.ts';
import type { BlogHttp } from './http.ts';
import { savePostHtml } from './save-post-html.ts';

export interface LoadedPost {
  post: BlogPost;
  /** True when the saved copy was used. */
  fromCache: boolean;
  /** Settles once a fresh static copy has been saved (only with an admin token); never rejects. */
  saved: Promise<boolean>;
}

/**
 * A post by slug with the single-post cache rule (tests/web/blog/blog-client.test.ts): the saved copy is used if its
 * update time is not older than the live post's; otherwise the live post is used and, when
 * an admin token is at hand, a static HTML copy is saved. If the live lookup fails for any
 * reason but "not found", the saved copy stands in.
 */
export async function loadPost(http: BlogHttp, slug: string, adminToken: string | null): Promise<LoadedPost> {
  // check-html first, so a post with no saved copy costs no 404 (which browsers log as an error).
  const savedCopy = async () => ((await checkHtml(http, slug)) ? getCachedPost(http, slug) : null);
  const [live, cached] = await Promise.allSettled([findPostBySlug(http, slug), savedCopy()]);
  const copy = cached.status === 'fulfilled' ? cached.value : null;
  if (live.status === 'rejected') {
    if (copy && !(live.reason instanceof PostNotFoundError))
      return { post: copy, fromCache: true, saved: Promise.resolve(false) };
    throw live.reason;
  }
  if (copy && Date.parse(copy.updated_at) >= Date.parse(live.value.updated_at)) {
    return { post: copy, fromCache: true, saved: Promise.resolve(false) };
  }
  const saved = adminToken
    ? savePostHtml(http, live.value, adminToken).then(
        () => true,
        () => false,
      )
    : Promise.resolve(false);
  return { post: live.value, fromCache: false, saved };
}
