import { Type } from 'typebox';
import { AdminResultSchema } from '../admin.ts';
import {
  BLOG_KEYWORD_MAX_LENGTH,
  BLOG_KEYWORDS_MAX_LIMIT,
  BlogKeywordListSchema,
  BLOG_LIST_MAX_PAGE,
  BLOG_SEARCH_MAX_LENGTH,
  BLOG_POST_INCLUDES,
  BLOG_SLUG_MAX_LENGTH,
  BLOG_SLUG_PATTERN,
  BLOG_STATUS_FILTERS,
  CheckHtmlResultSchema,
  SavePostHtmlBodySchema,
  SavePostHtmlResultSchema,
  type BLOG_LIST_PATHS,
  type BLOG_POST_PATHS,
  type BlogPost,
  type BlogPostList,
} from '../blog-post.ts';
import { endpoint, ErrorBodySchema, failureOf } from './endpoint.ts';

/**
 * The blog API in StoryChief's shape. Its list and post answers are typed but not filtered
 * through a schema on the server (an empty schema serialises the value as it is): they pass
 * on whatever the post source holds, as StoryChief itself would.
 */

/** Largest page a list request may ask for (StoryChief's own limit). */
const MAX_PER_PAGE = 100;
/** Page size when a request names none. */
const DEFAULT_PER_PAGE = 10;

const ListQuerySchema = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: BLOG_LIST_MAX_PAGE, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE }),
  status: Type.Enum(BLOG_STATUS_FILTERS, { default: 'published' }),
  /** Words in the title, excerpt, content text or keywords, case-insensitively (the list page's search box). Not StoryChief's. */
  search: Type.Optional(Type.String({ maxLength: BLOG_SEARCH_MAX_LENGTH })),
  /** One of the post's comma-separated keywords, whole and case-insensitively (the keyword filter). Not StoryChief's. */
  keyword: Type.Optional(Type.String({ maxLength: BLOG_KEYWORD_MAX_LENGTH })),
});

/**
 * The blog's refusals and failures are the error policy's `{error}`, or (save-post-html
 * without a valid token) the admin gate's `{success: false, error}`.
 */
const failures = { '4xx': failureOf(AdminResultSchema), '5xx': ErrorBodySchema };

const SlugParamsSchema = Type.Object({
  slug: Type.String({ pattern: BLOG_SLUG_PATTERN, maxLength: BLOG_SLUG_MAX_LENGTH }),
});

/**
 * A page of posts at one of the list paths StoryChief-style backends answer to (the client
 * tries them in order). Public; drafts (status other than published) only with the admin token.
 */
export const listBlogPosts = (listPath: (typeof BLOG_LIST_PATHS)[number]) =>
  endpoint({
    method: 'GET',
    path: `/api/storychief/${listPath}`,
    querystring: ListQuerySchema,
    response: { 200: Type.Unsafe<BlogPostList>({}), ...failures },
  });

/**
 * A post by id at one of the single-post paths, as `{data: post}`; unpublished ones only for
 * the admin. StoryChief's API has it; our web app finds posts by slug in the list instead.
 */
export const getBlogPost = (postPath: (typeof BLOG_POST_PATHS)[number]) =>
  endpoint({
    method: 'GET',
    path: `/api/storychief/${postPath}/:id`,
    params: Type.Object({ id: Type.String({ pattern: '^[0-9]{1,9}$' }) }),
    querystring: Type.Object({ 'includes[]': Type.Optional(Type.Array(Type.Enum(BLOG_POST_INCLUDES))) }),
    response: { 200: Type.Unsafe<{ data: BlogPost }>({}), ...failures },
  });

/**
 * The published post with a slug, as `{data: post}`; 404 when none. The web app's lookup lists
 * the newest posts (BLOG.slugLookupPerPage) and asks this only for a slug older than those.
 */
export const getPublishedPostBySlug = endpoint({
  method: 'GET',
  path: '/api/post-by-slug/:slug',
  params: SlugParamsSchema,
  response: { 200: Type.Unsafe<{ data: BlogPost }>({}), ...failures },
});

/**
 * The published posts' keywords, counted and sorted by the server (BlogKeywordListSchema): the
 * list page's keyword dropdown. `search` keeps the keywords holding it (any case); `limit` caps
 * the answer, the most used kept. Public. Not StoryChief's.
 */
export const listBlogKeywords = endpoint({
  method: 'GET',
  path: '/api/blog-keywords',
  querystring: Type.Object({
    search: Type.Optional(Type.String({ maxLength: BLOG_KEYWORD_MAX_LENGTH })),
    limit: Type.Integer({ minimum: 1, maximum: BLOG_KEYWORDS_MAX_LIMIT, default: BLOG_KEYWORDS_MAX_LIMIT }),
  }),
  response: { 200: BlogKeywordListSchema, ...failures },
});

/** Whether a static page of the post is stored. */
export const checkHtml = endpoint({
  method: 'GET',
  path: '/api/check-html/:slug',
  params: SlugParamsSchema,
  response: { 200: CheckHtmlResultSchema, ...failures },
});

/** The saved copy of a published post; 404 when there is none. */
export const getCachedPost = endpoint({
  method: 'GET',
  path: '/api/cached-post/:slug',
  params: SlugParamsSchema,
  response: { 200: Type.Unsafe<BlogPost>({}), ...failures },
});

/** Stores the post's static page (admin token); the server sanitizes the HTML and builds the page around it. */
export const savePostHtml = endpoint({
  method: 'POST',
  path: '/api/save-post-html',
  body: SavePostHtmlBodySchema,
  response: { 200: SavePostHtmlResultSchema, ...failures },
});
