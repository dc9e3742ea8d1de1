import type { BlogPost } from '../../../src-shared/domain/blog-post.ts';
import { postMatches } from '../../../src-shared/domain/blog-search.ts';
import type { PostQuery } from './post-source.ts';

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
