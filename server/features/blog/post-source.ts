import type { BlogPost, BlogStatusFilter } from '../../../src-shared/domain/blog-post.ts';
import { keptKeywordTable, keywordsFrom, type KeywordTable } from './keyword-table.ts';

export interface PostQuery {
  page: number;
  perPage: number;
  status: BlogStatusFilter;
  /** Text to find in the title, excerpt, content text or keywords (trimmed, never empty). */
  search?: string;
  /** A keyword the post's seo_keyword lists (trimmed, never empty). */
  keyword?: string;
}

/** What a list's total depends on: its filters, never its page. */
export type PostFilterQuery = Pick<PostQuery, 'status' | 'search' | 'keyword'>;

/** The keyword list's request: keywords holding `search` (trimmed, never empty), at most `limit` of them. */
export interface KeywordQuery {
  search?: string;
  limit: number;
}

/** Published posts' keywords with their counts, the most used first (BlogKeywordList). */
export interface KeywordPage {
  keywords: { keyword: string; count: number }[];
  /** Only the newest this many posts were read (the source cannot count them all). */
  searchedNewest?: number;
}

/** What the sitemap needs of a published post. */
export type PublishedSlug = Pick<BlogPost, 'slug' | 'updated_at'>;

export interface PostPage {
  posts: BlogPost[];
  total: number;
  /** A search that read only the newest this many posts (the source cannot search them all). */
  searchedNewest?: number;
}

/**
 * Where posts come from: the built-in store (Postgres) or StoryChief. The routes speak to
 * this interface only, so the API's shape is the same either way.
 *
 * "Published" here means what readers may see now (isPublishedAt): every public read (a list
 * with status 'published', a post by id or slug, the sitemap) goes through a source, so the
 * source applies the rule and no route has to remember it.
 */
export interface PostSource {
  /** A page of posts; status 'published' is the public one, the others are the admin's views by status. */
  list(query: PostQuery): Promise<PostPage>;
  /** The post with this id; any status and date only when `includeUnpublished`. */
  getById(id: number, options: { includeUnpublished: boolean }): Promise<BlogPost | undefined>;
  /** The published post with this slug. */
  getPublishedBySlug(slug: string): Promise<BlogPost | undefined>;
  /** The slugs and update times of the newest `limit` published posts (for the sitemap), never their text. */
  listPublishedSlugs(limit: number): Promise<PublishedSlug[]>;
  /** The keywords the published posts list, counted, the most used first, then by name. */
  listKeywords(query: KeywordQuery): Promise<KeywordPage>;
}

/**
 * Whether readers may see `post` at `now`: published, and not dated in the future (a post
 * scheduled by its date). Drafts, scheduled and unpublished posts have no public page. The
 * built-in store applies the same rule in its SQL (publicNow in store.ts).
 */
export function isPublishedAt(post: BlogPost, now: number): boolean {
  if (post.status !== 'published') return false;
  if (post.published_at === null) return true;
  const publishedAt = Date.parse(post.published_at);
  return Number.isNaN(publishedAt) || publishedAt <= now;
}

/**
 * A source that reads a list's page and counts its total apart (the built-in store), so the
 * short cache keeps one total per filter, whatever page is asked. `list` is the two together.
 */
export interface CountingPostSource extends PostSource {
  /** The posts of `query`'s page, without the total. */
  listPage(query: PostQuery): Promise<BlogPost[]>;
  /** How many posts the filter finds. */
  count(filter: PostFilterQuery): Promise<number>;
  /** Every published post's keywords, counted (listKeywords without a search or limit, bounded). */
  keywordTable(): Promise<KeywordTable>;
}

/** A failure of the source itself (StoryChief down or answering nonsense), not a missing post. */
export class PostSourceUnavailableError extends Error {
  override name = 'PostSourceUnavailableError';
}

/**
 * How many answers the short cache keeps. The keys are few (pages × sizes × statuses, and the
 * slugs readers ask for), but a slug is whatever a request names: a flood of made-up ones must
 * not grow the cache (it grew to every slug of the last few seconds, swept one by one on each
 * request past 500, 4 s of a blocked server for 20,000 of them). Beyond this the oldest goes.
 */
const SHORT_CACHE_ENTRIES = 1000;

/**
 * Keeps each answer of `source` for `ttlMs`, so a busy list page costs one query per
 * interval rather than one per visitor. Only the built-in store uses it: its posts change
 * only when content/blog is imported at start, so a few seconds of reuse is never stale for long.
 *
 * The costly answers are kept by what they depend on, not by every parameter a stranger may
 * vary: a list's total per filter (a count of every matching post), whatever the page; the
 * keywords as one table of them all (an aggregate over every published post, 2 s at a million),
 * each request's search and `limit` answered from it in memory (keyword-table.ts): kept per
 * search, a stranger cycling through strings ran the aggregate once per string.
 */
export function withShortCache(source: CountingPostSource, ttlMs: number): PostSource {
  const keywordTable = keptKeywordTable(() => source.keywordTable());
  // In the order the answers were asked for: the first is the oldest (and the first to expire).
  const answers = new Map<string, { expires: number; value: Promise<unknown> }>();
  function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = answers.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    const value = load();
    // Deleted first, so a renewed answer moves to the end, among the newest.
    answers.delete(key);
    answers.set(key, { expires: now + ttlMs, value });
    // A failure is not kept (the next request asks again); a newer answer under the key is.
    value.catch(() => answers.get(key)?.value === value && answers.delete(key));
    for (const oldest of answers.keys()) {
      if (answers.size <= SHORT_CACHE_ENTRIES) break;
      answers.delete(oldest);
    }
    return value;
  }
  return {
    async list(query) {
      const filter = JSON.stringify([query.status, query.search, query.keyword]);
      const [posts, total] = await Promise.all([
        cached(`page:${JSON.stringify([query.page, query.perPage])}:${filter}`, () => source.listPage(query)),
        cached(`count:${filter}`, () => source.count(query)),
      ]);
      return { posts, total };
    },
    getById: (id, options) => cached(`id:${id}:${options.includeUnpublished}`, () => source.getById(id, options)),
    getPublishedBySlug: (slug) => cached(`slug:${slug}`, () => source.getPublishedBySlug(slug)),
    listPublishedSlugs: (limit) => cached(`slugs:${limit}`, () => source.listPublishedSlugs(limit)),
    listKeywords: async (query) => keywordsFrom(await keywordTable(), query),
  };
}
