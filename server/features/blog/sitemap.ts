import { blogPostPath } from '../../../src-shared/domain/routes.ts';
import type { SitemapEntry } from '../seo/routes.ts';
import type { PostSource } from './post-source.ts';

/** Every published post's page and its last change, for /sitemap.xml. */
export async function listPublishedPostUrls(source: PostSource): Promise<SitemapEntry[]> {
  const posts = await source.listAllPublished();
  return posts.map((post) => ({ path: blogPostPath(post.slug), lastModified: new Date(post.updated_at) }));
}
