import { Type, type Static } from 'typebox';

/**
 * The blog's wire format, shaped like StoryChief's API so the web app
 * reads the built-in store and StoryChief alike. The server validates with these schemas;
 * the web app imports the derived types only.
 */

/** Statuses a post can have in the built-in store. */
export const BLOG_POST_STATUSES = ['published', 'draft', 'scheduled'] as const;
export type BlogPostStatus = (typeof BLOG_POST_STATUSES)[number];

/** Status values a list request may ask for; published is the default. */
export const BLOG_STATUS_FILTERS = [...BLOG_POST_STATUSES, 'all'] as const;
export type BlogStatusFilter = (typeof BLOG_STATUS_FILTERS)[number];

/** The `includes[]` values a single-post request may carry (StoryChief's names). */
export const BLOG_POST_INCLUDES = [
  'content',
  'tags',
  'primaryCategory',
  'categories',
  'author',
  'translations',
  'source',
  'custom_fields',
  'destinations',
  'metrics',
] as const;

/** The four list paths under /api/storychief, in the order the web app tries them (StoryChief's first). */
export const BLOG_LIST_PATHS = ['stories', 'posts', 'publications/posts', 'publications/stories'] as const;
/** The four single-post paths, in the order the web app tries them. */
export const BLOG_POST_PATHS = ['stories', 'posts', 'publications/stories', 'publications/posts'] as const;

/** URL-safe slug: lower-case words joined by single hyphens. */
export const BLOG_SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
export const BLOG_SLUG_MAX_LENGTH = 120;
const slugPattern = new RegExp(BLOG_SLUG_PATTERN);
/** Whether `text` can be a post's slug (both post sources keep to it): anything else names no post. */
export function isBlogSlug(text: string): boolean {
  return text.length <= BLOG_SLUG_MAX_LENGTH && slugPattern.test(text);
}
/** A post's static page is `{slug}.html`: the longest file name the blog saves or serves. */
export const BLOG_PAGE_FILENAME_MAX_LENGTH = BLOG_SLUG_MAX_LENGTH + '.html'.length;

/** Longest image URL a post may carry. */
const IMAGE_URL_MAX_LENGTH = 2048;
const imageUrl = () => Type.String({ maxLength: IMAGE_URL_MAX_LENGTH });

// Closed and bounded throughout, so the largest save-post-html body is known (its body limit).
export const FeaturedImageSchema = Type.Object(
  {
    data: Type.Object(
      {
        url: imageUrl(),
        sizes: Type.Object({ large: imageUrl(), regular: imageUrl(), full: imageUrl() }, { additionalProperties: false }),
        alt: Type.String({ maxLength: 2000 }),
        name: Type.String({ maxLength: 1000 }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

export const BlogPostSchema = Type.Object(
  {
    id: Type.Integer(),
    slug: Type.String({ pattern: BLOG_SLUG_PATTERN, maxLength: BLOG_SLUG_MAX_LENGTH }),
    title: Type.String({ maxLength: 300 }),
    excerpt: Type.String({ maxLength: 2000 }),
    /** The article body as HTML. */
    content: Type.String({ maxLength: 500_000 }),
    /** Comma-separated keywords. */
    seo_keyword: Type.String({ maxLength: 2000 }),
    status: Type.Enum(BLOG_POST_STATUSES),
    /** ISO 8601; null for a draft never published. */
    published_at: Type.Union([Type.String({ maxLength: 40 }), Type.Null()]),
    updated_at: Type.String({ maxLength: 40 }),
    seo: Type.Object(
      { title: Type.String({ maxLength: 300 }), description: Type.String({ maxLength: 1000 }) },
      { additionalProperties: false },
    ),
    featured_image: Type.Union([FeaturedImageSchema, Type.Null()]),
  },
  { additionalProperties: false },
);
export type BlogPost = Static<typeof BlogPostSchema>;
export type FeaturedImage = Static<typeof FeaturedImageSchema>;

/** The blog list page's heading, intro and description: the app's page, and its first paint the server writes. */
export const BLOG_LIST_PAGE = {
  title: 'Blog',
  intro: 'Practical advice on hiring, recruiting and getting the most from AI in your search.',
  description:
    'Articles for employers and recruiters on job descriptions, interviewing, screening, hiring metrics and using AI to hire faster.',
} as const;

/** A post's title as its card and page show it: 'Untitled Post' when it has none. */
export const blogPostTitle = (post: Pick<BlogPost, 'title'>): string => post.title?.trim() || 'Untitled Post';

/** The image a card or page shows for a post: its large size, else its url. */
export function blogPostImage(post: Pick<BlogPost, 'featured_image'>): { src: string; alt: string } | undefined {
  const data = post.featured_image?.data;
  const src = data?.sizes?.large || data?.url;
  return src ? { src, alt: data?.alt ?? '' } : undefined;
}

/**
 * What a post's page tells search engines and link previews: its SEO title and description,
 * else its title and excerpt, and its image. The web app sets these as the page renders
 * (usePageMeta) and the server writes the same into the page's HTML, so the two agree.
 */
export function blogPostPageMeta(post: BlogPost): { title: string; description: string; image?: string } {
  const title = blogPostTitle(post);
  const image = blogPostImage(post)?.src;
  return {
    title: post.seo?.title?.trim() || title,
    description: post.seo?.description?.trim() || post.excerpt || title,
    ...(image ? { image } : {}),
  };
}

/** StoryChief-style pagination, in `meta.pagination` of every list answer. */
const PaginationSchema = Type.Object({
  total: Type.Integer(),
  count: Type.Integer(),
  per_page: Type.Integer(),
  current_page: Type.Integer(),
  total_pages: Type.Integer(),
  links: Type.Object({ previous: Type.Optional(Type.String()), next: Type.Optional(Type.String()) }),
});

/** The longest search text and keyword a list request may carry: longer ones are no reader's search. */
export const BLOG_SEARCH_MAX_LENGTH = 200;
export const BLOG_KEYWORD_MAX_LENGTH = 100;

/** The furthest page a list request may ask for (100,000 pages of 100 posts: ten million). */
export const BLOG_LIST_MAX_PAGE = 100_000;

/**
 * The operator's list of published posts (the SEO HTML panel): which page of them, one request
 * of a page each. The server's list route takes the same bound; the console checks it before
 * its main process sends the request.
 */
export const PublishedPostsQuerySchema = Type.Object(
  { page: Type.Optional(Type.Integer({ minimum: 1, maximum: BLOG_LIST_MAX_PAGE })) },
  { additionalProperties: false },
);
export type PublishedPostsQuery = Static<typeof PublishedPostsQuerySchema>;

export const BlogPostListSchema = Type.Object({
  data: Type.Array(BlogPostSchema),
  meta: Type.Object({
    pagination: PaginationSchema,
    /**
     * Set when a search or keyword filter read only the newest this many posts (a source that
     * cannot search, StoryChief): older posts were not searched, and the list page says so.
     */
    searched_newest: Type.Optional(Type.Integer()),
  }),
});
export type BlogPostList = Static<typeof BlogPostListSchema>;

/** The most keywords one answer of the keyword list carries (the dropdown's), the most used first. */
export const BLOG_KEYWORDS_MAX_LIMIT = 200;

/**
 * Every keyword the published posts list, each with how many posts list it (any case counts
 * as one keyword, shown as the posts write it), the most used first, then by name.
 */
export const BlogKeywordListSchema = Type.Object({
  data: Type.Array(Type.Object({ keyword: Type.String(), count: Type.Integer() })),
  /**
   * Set when only the newest this many posts were read (a source that cannot count them all,
   * StoryChief): the keywords of older posts are not in the list.
   */
  searched_newest: Type.Optional(Type.Integer()),
});
export type BlogKeywordList = Static<typeof BlogKeywordListSchema>;

export const SavePostHtmlBodySchema = Type.Object(
  {
    filename: Type.String({ minLength: 1, maxLength: BLOG_PAGE_FILENAME_MAX_LENGTH }),
    html: Type.String({ maxLength: 500_000 }),
    slug: Type.String({ minLength: 1, maxLength: BLOG_SLUG_MAX_LENGTH }),
    title: Type.String({ maxLength: 300 }),
    postData: BlogPostSchema,
  },
  { additionalProperties: false },
);
export type SavePostHtmlBody = Static<typeof SavePostHtmlBodySchema>;

/** The save-post-html request for a post: its page is stored under its own slug. */
export function savePostHtmlBody(post: BlogPost): SavePostHtmlBody {
  return { filename: `${post.slug}.html`, html: post.content, slug: post.slug, title: post.title, postData: post };
}

export const SavePostHtmlResultSchema = Type.Object({
  success: Type.Literal(true),
  /** Where the stored page is served. */
  url: Type.String(),
});
export type SavePostHtmlResult = Static<typeof SavePostHtmlResultSchema>;

export const CheckHtmlResultSchema = Type.Object({ exists: Type.Boolean() });
export type CheckHtmlResult = Static<typeof CheckHtmlResultSchema>;

/** What a reader is told when no published post has the slug (the product's wording). */
export const postNotFound = (slug: string) => `Post with slug "${slug}" not found`;
