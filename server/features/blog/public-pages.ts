import type { BlogPost } from '../../../src-shared/domain/blog-post.ts';
import { isPublishedAt, PostSourceUnavailableError, type PostSource } from './post-source.ts';
import type { PageStore, StoredPage } from './store.ts';

/**
 * A post readers may see now and the page saved for it, if any. `live` is undefined only while
 * the source is unavailable, when the saved page of a post that was public stands in.
 */
export type PublicPost = { live: BlogPost; saved: StoredPage | undefined } | { live: undefined; saved: StoredPage };

/**
 * The one rule for saved pages: a page saved for a post (by the admin, or while it was public)
 * is served, its HTML, its copy of the post or the mere fact that it exists, only while the
 * post is public now. Every route and page that serves one asks here. The source decides (its
 * published reads apply isPublishedAt); while it is unavailable, the saved copy's own status
 * and date do, so an outage never publishes a draft.
 */
export function createPublicPages(source: PostSource, pages: PageStore) {
  async function publicPost(slug: string, saved: StoredPage | undefined): Promise<PublicPost | undefined> {
    try {
      const live = await source.getPublishedBySlug(slug);
      return live && { live, saved };
    } catch (error) {
      if (!(error instanceof PostSourceUnavailableError) || !saved || !isPublishedAt(saved.post, Date.now())) throw error;
      return { live: undefined, saved };
    }
  }

  return {
    /**
     * The post of `slug` if readers may see it now, with its saved page; undefined for a draft,
     * scheduled, unpublished or deleted post. Throws PostSourceUnavailableError when the source
     * is down and no saved page of a public post stands in.
     */
    post: async (slug: string): Promise<PublicPost | undefined> => publicPost(slug, await pages.get(slug)),

    /** The saved page of `slug` if its post is public now; the source is asked only when a page is saved. */
    async savedPage(slug: string): Promise<StoredPage | undefined> {
      const saved = await pages.get(slug);
      if (!saved) return undefined;
      try {
        return (await publicPost(slug, saved))?.saved;
      } catch (error) {
        // The source is down and the saved copy is not of a public post.
        if (error instanceof PostSourceUnavailableError) return undefined;
        throw error;
      }
    },
  };
}

export type PublicPages = ReturnType<typeof createPublicPages>;
