import type { BlogPost } from '../../../src-shared/domain/blog-post.ts';
import type { PostQuery } from './post-source.ts';

const ENTITIES: Record<string, string> = { '&nbsp;': ' ', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };

/** The content's text as a reader sees it, as the built-in store's SQL reads it (contentText in store.ts). */
function contentText(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&(?:nbsp|lt|gt|quot|#39|amp);/g, (entity) => ENTITIES[entity] ?? entity);
}

/**
 * Whether `post` answers the list's search and keyword filter, as the built-in store's SQL
 * decides it (searchFilter in store.ts): for a source that cannot search (StoryChief).
 */
export function matchesSearch(post: BlogPost, { search, keyword }: Pick<PostQuery, 'search' | 'keyword'>): boolean {
  const keywords = (post.seo_keyword ?? '').split(',').map((word) => word.trim().toLowerCase());
  if (keyword && !keywords.includes(keyword.toLowerCase())) return false;
  if (!search) return true;
  const needle = search.toLowerCase();
  return [post.title, post.excerpt, contentText(post.content ?? ''), post.seo_keyword ?? ''].some((field) =>
    field.toLowerCase().includes(needle),
  );
}
