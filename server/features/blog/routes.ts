import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  BLOG_LIST_PATHS,
  BLOG_POST_PATHS,
  SavePostHtmlBodySchema,
  type BlogKeywordList,
  type BlogPost,
  type CheckHtmlResult,
  type SavePostHtmlResult,
  isBlogSlug,
  postNotFound,
} from '../../../src-shared/domain/blog-post.ts';
import {
  checkHtml,
  getBlogPost,
  getCachedPost,
  getPublishedPostBySlug,
  listBlogKeywords,
  listBlogPosts,
  savePostHtml,
} from '../../../src-shared/domain/endpoints/blog.ts';
import { BLOG } from '../../../src-shared/domain/constants.ts';
import { largestJsonBody } from '../../http/body-limit.ts';
import { routeOf } from '../../http/contract-route.ts';
import type { Schema } from '../../db/schema.ts';
import { storableDate } from '../../db/storable-date.ts';
import type { ErrorBody } from '../../http/errors.ts';
import type { AdminGuard } from '../admin/guard.ts';
import { recordAudit } from '../audit/record.ts';
import { listBody } from './list-body.ts';
import type { PageStore, StoredPage } from './store.ts';
import { PostSourceUnavailableError, type PostQuery, type PostSource } from './post-source.ts';
import type { PublicPages, PublicPost } from './public-pages.ts';
import { sanitizeBlogHtml } from './sanitize.ts';
import { renderStaticPage } from './static-page.ts';

export interface BlogRouteDeps {
  /** Where the operator's page saves are audited. */
  db: Kysely<Schema>;
  source: PostSource;
  /** Where pages are saved; every read of one goes through `publicPages`. */
  pages: PageStore;
  publicPages: PublicPages;
  adminGuard: AdminGuard;
  /** The site's public origin, for canonical links and absolute image URLs. */
  siteUrl: string;
}

const UNAUTHORIZED: ErrorBody = { error: 'Admin authentication required' };
const UNAVAILABLE: ErrorBody = { error: 'The blog is unavailable right now. Please try again in a moment.' };
const HTML_MAX_AGE_MS = BLOG.htmlCacheMaxAgeHours * 60 * 60 * 1000;
/** Two posts' worth of HTML (the page and the post's content) and their fields: about 6 MB. */
const SAVE_POST_HTML_BODY_LIMIT = largestJsonBody(SavePostHtmlBodySchema);

/**
 * The article inside a whole HTML document, or the fragment as it is. Found by searching
 * forward only: the regular expression it replaces scanned to the end of the text from every
 * "<body" with no ">" after it, 25 s of a blocked server for one 500 KB request.
 */
function articleBody(html: string): string {
  if (!/^\s*(<!doctype|<html)/i.test(html)) return html;
  const tagStart = html.search(/<body/i);
  const tagEnd = tagStart < 0 ? -1 : html.indexOf('>', tagStart);
  if (tagEnd < 0) return html;
  const rest = html.slice(tagEnd + 1);
  const close = rest.search(/<\/body>/i);
  return close < 0 ? rest : rest.slice(0, close);
}

/**
 * The blog API in StoryChief's shape (tests/server/blog pins it), the static SEO pages and the built-in
 * store's images. The post source decides where posts come from; the routes are the same.
 */
export function registerBlogRoutes(app: FastifyInstance, deps: BlogRouteDeps): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, source, pages, publicPages, adminGuard, siteUrl } = deps;

  const unavailable = (reply: FastifyReply, error: unknown) => {
    if (!(error instanceof PostSourceUnavailableError)) throw error;
    return reply.status(502).send(UNAVAILABLE);
  };

  for (const listPath of BLOG_LIST_PATHS) {
    // Public; drafts (status other than published) only with the admin token.
    api.route({
      ...routeOf(listBlogPosts(listPath)),
      config: { access: 'public' },
      handler: async (request, reply) => {
        const { page, per_page: perPage, status } = request.query;
        if (status !== 'published' && !(await adminGuard(request))) return reply.status(401).send(UNAUTHORIZED);
        // Blank filters are none: the list as a request without them gets it.
        const search = request.query.search?.trim() || undefined;
        const keyword = request.query.keyword?.trim() || undefined;
        try {
          const query: PostQuery = { page, perPage, status, ...(search ? { search } : {}), ...(keyword ? { keyword } : {}) };
          const body = listBody(listPath, query, await source.list(query));
          return reply.header('cache-control', status === 'published' ? 'no-cache' : 'private, no-store').send(body);
        } catch (error) {
          return unavailable(reply, error);
        }
      },
    });
  }

  // Public: the published posts' keywords, for the list page's dropdown.
  api.route({
    ...routeOf(listBlogKeywords),
    config: { access: 'public' },
    handler: async (request, reply) => {
      const search = request.query.search?.trim() || undefined;
      try {
        const { keywords, searchedNewest } = await source.listKeywords({
          limit: request.query.limit,
          ...(search ? { search } : {}),
        });
        const body: BlogKeywordList = {
          data: keywords,
          ...(searchedNewest === undefined ? {} : { searched_newest: searchedNewest }),
        };
        return reply.header('cache-control', 'no-cache').send(body);
      } catch (error) {
        return unavailable(reply, error);
      }
    },
  });

  for (const postPath of BLOG_POST_PATHS) {
    api.route({
      ...routeOf(getBlogPost(postPath)),
      config: { access: 'public' },
      handler: async (request, reply) => {
        const id = Number(request.params.id);
        try {
          // Unpublished posts exist only for the admin; to anyone else they are simply not there.
          const admin = await adminGuard(request);
          const post = await source.getById(id, { includeUnpublished: admin });
          if (!post) return reply.status(404).send({ error: `Post with ID "${id}" not found` } satisfies ErrorBody);
          // The admin's answer may be a draft: no cache keeps it (as for the admin's lists).
          return reply.header('cache-control', admin ? 'private, no-store' : 'no-cache').send({ data: post });
        } catch (error) {
          return unavailable(reply, error);
        }
      },
    });
  }

  api.route({
    ...routeOf(getPublishedPostBySlug),
    config: { access: 'public' },
    handler: async (request, reply) => {
      const { slug } = request.params;
      try {
        const post = await source.getPublishedBySlug(slug);
        if (!post) return reply.status(404).send({ error: postNotFound(slug) } satisfies ErrorBody);
        return reply.header('cache-control', 'no-cache').send({ data: post });
      } catch (error) {
        return unavailable(reply, error);
      }
    },
  });

  api.route({
    ...routeOf(checkHtml),
    config: { access: 'public' },
    handler: async (request, reply) => {
      const body: CheckHtmlResult = { exists: (await publicPages.savedPage(request.params.slug)) !== undefined };
      return reply.header('cache-control', 'no-cache').send(body);
    },
  });

  api.route({
    ...routeOf(getCachedPost),
    config: { access: 'public' },
    handler: async (request, reply) => {
      const { slug } = request.params;
      // The copy of a published post only, as for its page: never a draft's saved data.
      const page = await publicPages.savedPage(slug);
      if (!page) return reply.status(404).send({ error: `No cached copy of "${slug}"` } satisfies ErrorBody);
      return reply.header('cache-control', 'no-cache').send(page.post);
    },
  });

  api.route({
    ...routeOf(savePostHtml),
    bodyLimit: SAVE_POST_HTML_BODY_LIMIT,
    config: { access: 'admin' },
    // The admin token was checked by the app's access control before the body was read.
    handler: async (request, reply) => {
      const { filename, html, slug, title, postData } = request.body;
      // The slug names the stored page and its URL: only a plain slug, and a file name that is exactly it.
      if (!isBlogSlug(slug)) {
        return reply.status(400).send({ error: "Invalid request body: 'slug' must be lower-case words joined by hyphens" });
      }
      if (filename !== `${slug}.html`) {
        return reply.status(400).send({ error: `Invalid request body: 'filename' must be exactly "${slug}.html"` });
      }
      if (postData.slug !== slug) {
        return reply.status(400).send({ error: "Invalid request body: 'postData.slug' must equal 'slug'" });
      }
      const postUpdatedAt = storableDate(postData.updated_at);
      if (!postUpdatedAt) {
        return reply.status(400).send({ error: "Invalid request body: 'postData.updated_at' must be a date" });
      }
      const post: BlogPost = { ...postData, content: sanitizeBlogHtml(postData.content) };
      await pages.save({ slug, title, bodyHtml: sanitizeBlogHtml(articleBody(html)), post, postUpdatedAt });
      // The page replaces what readers get at /blog/{slug}.html: an operator's action, audited as each is.
      await recordAudit(db, request, { eventType: 'admin.blog.page.save', actor: 'admin', subject: slug });
      request.log.info({ slug }, 'blog page saved');
      const body: SavePostHtmlResult = { success: true, url: `/blog/${slug}.html` };
      return reply.send(body);
    },
  });

  type Page = { post: BlogPost; bodyHtml: string; title: string };
  const storedPage = (stored: StoredPage): Page => ({
    post: stored.post,
    bodyHtml: sanitizeBlogHtml(stored.bodyHtml),
    title: stored.title,
  });
  const sendPage = (reply: FastifyReply, page: Page) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(renderStaticPage({ ...page, siteUrl }));

  const notFoundPage = (reply: FastifyReply) =>
    reply
      .status(404)
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><meta charset="utf-8"><title>Post Not Found</title><h1>Post Not Found</h1><p>The blog post you are looking for does not exist.</p><p><a href="/blog">Back to Blog</a></p>',
      );

  const unavailablePage = (reply: FastifyReply) =>
    reply
      .status(502)
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><meta charset="utf-8"><title>Blog Unavailable</title><h1>Blog Unavailable</h1><p>${UNAVAILABLE.error}</p><p><a href="/blog">Back to Blog</a></p>`,
      );

  api.get('/blog/:file', { config: { access: 'public' } }, async (request, reply) => {
    const { file } = request.params as { file: string };
    const slug = file.endsWith('.html') ? file.slice(0, -'.html'.length) : undefined;
    // Anything that is not "<slug>.html" is a page of the web app (or nothing), not ours.
    if (slug === undefined) return reply.callNotFound();
    if (!isBlogSlug(slug)) return notFoundPage(reply);

    let found: PublicPost | undefined;
    try {
      found = await publicPages.post(slug);
    } catch (error) {
      // The source is down and no stored page of a public post stands in: a 502, not a crash.
      if (!(error instanceof PostSourceUnavailableError)) throw error;
      return unavailablePage(reply);
    }
    // A draft, scheduled, unpublished or deleted post has no page, whatever page was saved for it.
    if (!found) return notFoundPage(reply);
    if (!found.live) {
      request.log.info({ slug }, 'serving a stored blog page: the post source is unavailable');
      return sendPage(reply, storedPage(found.saved));
    }
    const { live, saved: stored } = found;
    const fresh =
      stored &&
      Date.now() - stored.generatedAt.getTime() < HTML_MAX_AGE_MS &&
      new Date(live.updated_at).getTime() <= stored.postUpdatedAt.getTime();
    if (stored && fresh) return sendPage(reply, storedPage(stored));
    const bodyHtml = sanitizeBlogHtml(live.content);
    // The saved copy of the post is sanitized too (served by cached-post), as an admin's save is.
    const post = { ...live, content: bodyHtml };
    await pages.save({ slug, title: live.title, bodyHtml, post, postUpdatedAt: new Date(live.updated_at) });
    return sendPage(reply, { post, bodyHtml, title: live.title });
  });
}
