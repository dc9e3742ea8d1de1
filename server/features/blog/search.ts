import type { BlogPost } from '../../../src-shared/domain/blog-post.ts';
import { keywordsOf, postMatches } from '../../../src-shared/domain/blog-search.ts';
import type { KeywordPage, KeywordQuery, PostQuery } from './post-source.ts';

const ENTITIES: Record<string, string> = { '&nbsp;': ' ', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };

/** The content's text as a reader sees it, as the built-in store keeps it (content_text, migration 32). */
function contentText(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&(?:nbsp|lt|gt|quot|#39|amp);/g, (entity) => ENTITIES[entity] ?? entity);
}

/**
 * Whether `post` answers the list's search and keyword filter (postMatches), for a source that
 * cannot search (StoryChief); the built-in store asks it in SQL (searchFilter in store.ts).
 */
export function matchesSearch(post: BlogPost, { search, keyword }: Pick<PostQuery, 'search' | 'keyword'>): boolean {
  return postMatches(post, { search: search ?? '', keyword: keyword ?? '' }, (candidate) => contentText(candidate.content ?? ''));
}

/**
 * The keyword list (the built-in store's listKeywords) over `posts`, for a source that cannot
 * count (StoryChief): a keyword once per post, any case as one (shown as most of its posts
 * write it), those holding `search` only, the most used first, then by name, `limit` of them.
 */
export function countKeywords(posts: readonly BlogPost[], { search, limit }: KeywordQuery): KeywordPage['keywords'] {
  const counts = new Map<string, { count: number; spellings: Map<string, number> }>();
  const needle = search?.toLowerCase();
  for (const post of posts) {
    const counted = new Set<string>();
    for (const keyword of keywordsOf(post)) {
      const key = keyword.toLowerCase();
      if (counted.has(key) || (needle !== undefined && !key.includes(needle))) continue;
      counted.add(key);
      const entry = counts.get(key) ?? { count: 0, spellings: new Map<string, number>() };
      entry.count += 1;
      entry.spellings.set(keyword, (entry.spellings.get(keyword) ?? 0) + 1);
      counts.set(key, entry);
    }
  }
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...counts.entries()]
    .sort(([nameA, a], [nameB, b]) => b.count - a.count || byName(nameA, nameB))
    .slice(0, limit)
    .map(([, { count, spellings }]) => ({
      keyword: [...spellings.entries()].sort(([a, countA], [b, countB]) => countB - countA || byName(a, b))[0]?.[0] ?? '',
      count,
    }));
}
