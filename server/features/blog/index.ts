import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import type { AdminGuard } from '../admin/guard.ts';
import type { BlogConfig } from './config.ts';
import { importPostFiles } from './content-importer.ts';
import { createBlogFirstPaint } from './first-paint.ts';
import { loadBlogImages, registerBlogImages } from './images.ts';
import { createBuiltInPostSource, createPageStore } from './store.ts';
import { withShortCache } from './post-source.ts';
import { createPublicPages } from './public-pages.ts';
import { registerBlogRoutes } from './routes.ts';
import type { SitemapEntry } from '../seo/routes.ts';
import { listPublishedPostUrls } from './sitemap.ts';
import { createStoryChiefSource } from './storychief-source.ts';

export interface Blog {
  /** Every published post's page, for /sitemap.xml (a sitemap provider). */
  listPublishedPostUrls(): Promise<SitemapEntry[]>;
  /** The list and post pages' content and data, written into their HTML by the web app's server. */
  firstPaint: ReturnType<typeof createBlogFirstPaint>;
}

/**
 * Sets up the blog: StoryChief when configured, else the built-in store (content/blog
 * imported into the database first), then its routes.
 */
export async function registerBlog(
  app: FastifyInstance,
  /** `adminGuard` decides who may see drafts and save pages (the admin area's token check). */
  deps: { config: BlogConfig; db: Kysely<Schema>; siteUrl: string; adminGuard: AdminGuard },
): Promise<Blog> {
  const { config, db, siteUrl, adminGuard } = deps;
  let source;
  if (config.storyChief) {
    source = createStoryChiefSource(config.storyChief, app.log);
  } else {
    const imported = await importPostFiles(db, config.contentDir);
    if (!imported.applied)
      app.log.warn('content/blog not imported: the database holds newer content (an older version starting)');
    else if (imported.changed > 0) app.log.info({ posts: imported.changed }, 'blog posts imported from content/blog');
    const store = createBuiltInPostSource(db);
    source = config.builtInCacheTtlMs > 0 ? withShortCache(store, config.builtInCacheTtlMs) : store;
  }
  const pages = createPageStore(db);
  const publicPages = createPublicPages(source, pages);
  const images = loadBlogImages(path.join(config.contentDir, 'images'), app.log);
  registerBlogRoutes(app, { db, source, pages, publicPages, adminGuard, siteUrl });
  registerBlogImages(app, images);
  return {
    listPublishedPostUrls: () => listPublishedPostUrls(source),
    firstPaint: createBlogFirstPaint(source, publicPages, images, siteUrl),
  };
}
