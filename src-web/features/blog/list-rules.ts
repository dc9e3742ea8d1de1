import type { BlogPost } from '../../../src-shared/domain/blog-post.ts';
import { BLOG } from '../../../src-shared/domain/constants.ts';
import { keywordsOf, postMatches } from '../../../src-shared/domain/blog-search.ts';

const contentTexts = new WeakMap<BlogPost, string>();

/**
 * The words of a post's content as a reader sees them: a search for "strong" or "href" must not
 * find every post with bold text or a link, and "Q&A" must find "Q&amp;A". Read once a post,
 * by the browser's parser into an inert document (nothing in it loads or runs).
 */
function contentText(post: BlogPost): string {
  let text = contentTexts.get(post);
  if (text === undefined) {
    text = new DOMParser().parseFromString(post.content ?? '', 'text/html').body.textContent ?? '';
    contentTexts.set(post, text);
  }
  return text;
}

/** The blog search (postMatches) over the posts the page holds. */
export function filterPosts(posts: readonly BlogPost[], search: string, keyword: string): BlogPost[] {
  const query = { search: search.trim(), keyword };
  return posts.filter((post) => postMatches(post, query, contentText));
}

/** Keywords as the dropdown lists them: by name, case-insensitively. */
export function byName(keywords: readonly string[]): string[] {
  return [...keywords].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}

/** Every keyword of the posts, for the dropdown, sorted case-insensitively. */
export function allKeywords(posts: readonly BlogPost[]): string[] {
  const byLowerCase = new Map<string, string>();
  for (const post of posts)
    for (const keyword of keywordsOf(post))
      if (!byLowerCase.has(keyword.toLowerCase())) byLowerCase.set(keyword.toLowerCase(), keyword);
  return byName([...byLowerCase.values()]);
}

/** The posts of one page of the list (pages count from 1). */
export function pageOf<T>(items: readonly T[], page: number): T[] {
  return items.slice((page - 1) * BLOG.pageSize, page * BLOG.pageSize);
}

/** Up to 4 chips, and how many more there are ('+N more'); every keyword when `all`. */
export function chipsOf(post: Pick<BlogPost, 'seo_keyword'>, all = false): { shown: string[]; more: number } {
  const keywords = keywordsOf(post);
  if (all) return { shown: keywords, more: 0 };
  return { shown: keywords.slice(0, BLOG.keywordChipsPerCard), more: Math.max(0, keywords.length - BLOG.keywordChipsPerCard) };
}
