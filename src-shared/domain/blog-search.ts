import type { BlogPost } from './blog-post.ts';

/** The post's keywords from its comma-separated seo_keyword, trimmed, without blanks or repeats. */
export function keywordsOf(post: Pick<BlogPost, 'seo_keyword'>): string[] {
  return [
    ...new Set(
      (post.seo_keyword ?? '')
        .split(',')
        .map((keyword) => keyword.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * The blog search, one rule for the list page's search in the browser and the server's search
 * of a source that cannot search (StoryChief); the built-in store asks the same in SQL
 * (searchFilter in server/features/blog/store.ts). The search matches case-insensitively
 * anywhere in the title, excerpt, content or keywords; the keyword filter is one of the post's
 * keywords, whole, case-insensitively. `contentText` is the content as a reader sees it (the
 * browser parses it, the server drops the tags), so "strong" does not find bold text.
 */
export function postMatches(
  post: BlogPost,
  { search, keyword }: { search: string; keyword: string },
  contentText: (post: BlogPost) => string,
): boolean {
  if (keyword && !keywordsOf(post).some((candidate) => candidate.toLowerCase() === keyword.toLowerCase())) return false;
  if (!search) return true;
  const needle = search.toLowerCase();
  return [post.title, post.excerpt, contentText(post), post.seo_keyword].some((field) =>
    (field ?? '').toLowerCase().includes(needle),
  );
}
