import { blogPostPath } from '../../../src-shared/domain/routes.ts';
import { SITEMAP_MAX_URLS, type SitemapEntry } from '../seo/routes.ts';
import type { PostSource } from './post-source.ts';

/**
 * The newest published posts' pages and their last change, for /sitemap.xml: as many as one
 * sitemap may list, read without their text, so a blog of a million posts costs one bounded query.
 */
export async function listPublishedPostUrls(source: PostSource): Promise<SitemapEntry[]> {
  const posts = await source.listPublishedSlugs(SITEMAP_MAX_URLS);
  return posts.map((post) => ({ path: blogPostPath(post.slug), lastModified: new Date(post.updated_at) }));
}
