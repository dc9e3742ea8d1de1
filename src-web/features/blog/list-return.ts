import { PATHS } from '../../../src-shared/domain/routes.ts';

/**
 * The router state between the blog list and a post (history state, which only the app's own
 * pages write): a card tells the post which list it was opened from (its address's query: page,
 * search, keyword), so Back to Blog and the breadcrumb's Blog return to that list rather than to
 * all posts' page 1; Back to Blog tells the list which post the reader comes
 * back from, so the keyboard goes on from that post's card rather than from the page's top.
 * A post reached any other way (a direct visit, a shared link, a reload elsewhere) goes back to /blog.
 */
export interface OpenedFromList {
  /** '?q=interview&page=2', or '' for /blog. */
  blogListSearch: string;
}
export interface BackFromPost {
  fromPostSlug: string;
}

/** Where Back to Blog and the breadcrumb go: the list the post was opened from, else /blog. */
export function backToListPath(state: unknown): string {
  const search = (state as Partial<OpenedFromList> | null)?.blogListSearch;
  // A page past the end (posts removed since) the list renames to its last, as for any address.
  return typeof search === 'string' && search.startsWith('?') ? `${PATHS.blog}${search}` : PATHS.blog;
}

/** The slug of the post the reader came back from with Back to Blog, if they did. */
export function returnedFromPost(state: unknown): string | undefined {
  const slug = (state as Partial<BackFromPost> | null)?.fromPostSlug;
  return typeof slug === 'string' ? slug : undefined;
}
