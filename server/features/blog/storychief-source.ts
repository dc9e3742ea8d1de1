import type { FastifyBaseLogger } from 'fastify';
import {
  BLOG_POST_STATUSES,
  type BlogPost,
  type BlogPostStatus,
  type FeaturedImage,
} from '../../../src-shared/domain/blog-post.ts';
import { BLOG } from '../../../src-shared/domain/constants.ts';
import { storableDate } from '../../db/storable-date.ts';
import { storableText } from '../../db/storable-text.ts';
import type { StoryChiefConfig } from './config.ts';
import {
  isPublishedAt,
  PostSourceUnavailableError,
  type KeywordPage,
  type KeywordQuery,
  type PostPage,
  type PostQuery,
  type PostSource,
  type PublishedSlug,
} from './post-source.ts';
import { countKeywords, matchesSearch } from './search.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
/** StoryChief's text as the database stores it: a post's page is saved with its copy of the post. */
const text = (value: unknown): string => (typeof value === 'string' ? storableText(value) : '');
const optionalText = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * A date as StoryChief wrote it, or null when it is none a Date can read or the database can
 * store (the page, its copy and the sitemap need one; the page's copy is saved with it).
 */
const dateText = (value: unknown): string | null => {
  const written = optionalText(value);
  return written !== null && storableDate(written) !== undefined ? written : null;
};

function keywords(story: Json): string {
  const raw = story.seo_keyword ?? story.seo_keywords ?? story.keywords;
  if (Array.isArray(raw))
    return raw
      .filter((item): item is string => typeof item === 'string')
      .map(text)
      .join(', ');
  return text(raw);
}

function featuredImage(raw: unknown): FeaturedImage | null {
  const data = isObject(raw) && isObject(raw.data) ? raw.data : undefined;
  const url = data ? text(data.url) : '';
  if (!data || !/^https:\/\//.test(url)) return null;
  const sizes = isObject(data.sizes) ? data.sizes : {};
  const size = (name: string) => (/^https:\/\//.test(text(sizes[name])) ? text(sizes[name]) : url);
  return {
    data: {
      url,
      sizes: { large: size('large'), regular: size('regular'), full: size('full') },
      alt: text(data.alt),
      name: text(data.name),
    },
  };
}

/**
 * StoryChief's story, in our API's shape. Fields StoryChief names differently
 * (seo_title, seo_keywords) are read too; a story without a usable id or slug is dropped. A story
 * with no status is published (StoryChief's list was asked for published ones); one whose status
 * is not ours is a draft, never public.
 */
function storyToPost(story: unknown): BlogPost | undefined {
  if (!isObject(story)) return undefined;
  const id = typeof story.id === 'number' ? story.id : Number(story.id);
  const slug = text(story.slug);
  if (!Number.isSafeInteger(id) || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) return undefined;
  const seo = isObject(story.seo) ? story.seo : {};
  // A status that is none of ours (unpublished, archived, …) is no public post: the admin sees it as a draft.
  const named = story.status === undefined || story.status === null ? 'published' : story.status;
  const status = BLOG_POST_STATUSES.find((candidate) => candidate === named) ?? 'draft';
  const publishedAt = dateText(story.published_at);
  return {
    id,
    slug,
    title: text(story.title),
    excerpt: text(story.excerpt),
    content: text(story.content),
    seo_keyword: keywords(story),
    status: status satisfies BlogPostStatus,
    published_at: publishedAt,
    updated_at: dateText(story.updated_at) ?? publishedAt ?? new Date(0).toISOString(),
    seo: { title: text(seo.title ?? story.seo_title), description: text(seo.description ?? story.seo_description) },
    featured_image: featuredImage(story.featured_image),
  };
}

interface CacheEntry {
  expires: number;
  value: Promise<Json>;
}

/** How many distinct answers the short cache keeps; the oldest is dropped beyond this. */
const CACHE_ENTRIES = 200;
/**
 * How many of StoryChief's pages (of BLOG.slugLookupPerPage posts) a look-up by slug or the
 * sitemap reads at most: 5,000 posts, well within the cache's entries.
 */
const LOOKUP_PAGES = 50;

/**
 * Reads posts from StoryChief's API. Every URL is built from the fixed base URL plus a
 * path from this file and validated numbers, never from request text. Answers are kept
 * for `cacheTtlMs` so a busy page does not become a busy upstream.
 */
export function createStoryChiefSource(config: StoryChiefConfig, log: FastifyBaseLogger): PostSource {
  const cache = new Map<string, CacheEntry>();

  async function fetchJson(url: URL): Promise<Json> {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { authorization: `Bearer ${config.apiKey}`, accept: 'application/json' },
        redirect: 'error',
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      log.warn({ err: error, path: url.pathname }, 'StoryChief did not answer');
      throw new PostSourceUnavailableError('StoryChief did not answer');
    }
    if (response.status === 404) return {};
    if (!response.ok) {
      log.warn({ status: response.status, path: url.pathname }, 'StoryChief answered with an error');
      throw new PostSourceUnavailableError(`StoryChief answered ${response.status}`);
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (!isObject(body)) throw new PostSourceUnavailableError('StoryChief answered with something other than a JSON object');
    return body;
  }

  function get(path: string, params: Record<string, string | number>): Promise<Json> {
    const url = new URL(`${config.baseUrl}/${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, String(value));
    const key = url.href;
    const now = Date.now();
    const cached = cache.get(key);
    if (cached && cached.expires > now) return cached.value;
    const value = fetchJson(url);
    if (config.cacheTtlMs > 0) {
      cache.set(key, { expires: now + config.cacheTtlMs, value });
      if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value ?? key);
      // A failure is not worth remembering: the next request tries again.
      value.catch(() => cache.delete(key));
    }
    return value;
  }

  const postsOf = (body: Json) =>
    (Array.isArray(body.data) ? body.data : []).map(storyToPost).filter((post) => post !== undefined);

  async function list(page: number, perPage: number, status: string) {
    const body = await get('stories', { page, per_page: perPage, ...(status === 'all' ? {} : { status }) });
    const meta = isObject(body.meta) && isObject(body.meta.pagination) ? body.meta.pagination : {};
    const stories = Array.isArray(body.data) ? body.data.length : 0;
    const posts = postsOf(body);
    // A story StoryChief calls published may be dated in the future: readers may not see it yet.
    // Those left out of this page leave the count too; StoryChief pages and counts the rest.
    const shown = status === 'published' ? posts.filter((post) => isPublishedAt(post, Date.now())) : posts;
    const total = typeof meta.total === 'number' ? meta.total - (posts.length - shown.length) : shown.length;
    // Another page follows while this one is full and StoryChief's count (when it sends one) goes on.
    const more = stories >= perPage && (typeof meta.total !== 'number' || page * perPage < meta.total);
    return { posts: shown, total, more };
  }

  /**
   * The published posts, newest first, StoryChief's pages read in turn until `done` says
   * enough or they end: looking among the newest 100 only, every older post had no page, no
   * answer by slug and no sitemap entry. Each page is one cached request, so a made-up slug
   * costs one read of the list per cache interval, never more than LOOKUP_PAGES requests.
   */
  async function eachPublished(done: (posts: BlogPost[]) => boolean): Promise<void> {
    await eachOf('published', done);
  }

  /** eachPublished for any status; true when the pages ended before LOOKUP_PAGES (every post was read). */
  async function eachOf(status: string, done: (posts: BlogPost[]) => boolean): Promise<boolean> {
    for (let page = 1; page <= LOOKUP_PAGES; page += 1) {
      const { posts, more } = await list(page, BLOG.slugLookupPerPage, status);
      if (done(posts)) return false;
      if (!more) return true;
    }
    return false;
  }

  /**
   * A search or keyword filter: StoryChief's API has none, so its pages are read as the slug
   * lookup reads them (the newest LOOKUP_PAGES pages at most, each one cached request; the
   * reader's words never go upstream) and matched here. When the pages went on beyond those,
   * the answer says how many of the newest posts were searched.
   */
  async function search(query: PostQuery): Promise<PostPage> {
    const matches: BlogPost[] = [];
    let read = 0;
    const complete = await eachOf(query.status, (posts) => {
      read += posts.length;
      matches.push(...posts.filter((post) => matchesSearch(post, query)));
      return false;
    });
    const start = (query.page - 1) * query.perPage;
    return {
      posts: matches.slice(start, start + query.perPage),
      total: matches.length,
      ...(complete ? {} : { searchedNewest: read }),
    };
  }

  /**
   * The keyword list: StoryChief counts none, so the published posts are read as a search reads
   * them (the newest LOOKUP_PAGES pages, 5,000 posts at most) and counted here; when the pages
   * went on beyond those, the answer says how many of the newest posts were read.
   */
  async function keywords(query: KeywordQuery): Promise<KeywordPage> {
    const posts: BlogPost[] = [];
    const complete = await eachOf('published', (page) => {
      posts.push(...page);
      return false;
    });
    return { keywords: countKeywords(posts, query), ...(complete ? {} : { searchedNewest: posts.length }) };
  }

  return {
    listKeywords: keywords,
    list: (query) => (query.search || query.keyword ? search(query) : list(query.page, query.perPage, query.status)),

    async getById(id, { includeUnpublished }) {
      const body = await get(`stories/${id}`, { includes: 'content' });
      const post = storyToPost(isObject(body.data) ? body.data : body);
      return post && (includeUnpublished || isPublishedAt(post, Date.now())) ? post : undefined;
    },

    async getPublishedBySlug(slug) {
      let found: BlogPost | undefined;
      await eachPublished((posts) => (found = posts.find((post) => post.slug === slug)) !== undefined);
      return found;
    },

    async listPublishedSlugs(limit) {
      const slugs: PublishedSlug[] = [];
      await eachPublished((posts) => {
        for (const { slug, updated_at } of posts) if (slugs.length < limit) slugs.push({ slug, updated_at });
        return slugs.length >= limit;
      });
      return slugs;
    },
  };
}
