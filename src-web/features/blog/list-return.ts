import { blogListPath } from '../../../src-shared/domain/blog-list-page.ts';

/**
 * The router state between the blog list and a post (history state, which only the app's own
 * pages write): a card tells the post which list page it was opened from, so Back to Blog returns
 * to that page rather than to page 1; Back to Blog tells the list which post the reader comes
 * back from, so the keyboard goes on from that post's card rather than from the page's top.
 * A post reached any other way (a direct visit, a shared link, a reload elsewhere) goes back to /blog.
 */
export interface OpenedFromList {
  blogListPage: number;
}
export interface BackFromPost {
  fromPostSlug: string;
}

/** Where Back to Blog goes: the list page the post was opened from, else /blog. */
export function backToListPath(state: unknown): string {
  const page = (state as Partial<OpenedFromList> | null)?.blogListPage;
  // A page past the end (posts removed since) the list renames to its last, as for any address.
  return blogListPath(typeof page === 'number' && Number.isInteger(page) && page > 1 ? page : 1);
}

/** The slug of the post the reader came back from with Back to Blog, if they did. */
export function returnedFromPost(state: unknown): string | undefined {
  const slug = (state as Partial<BackFromPost> | null)?.fromPostSlug;
  return typeof slug === 'string' ? slug : undefined;
}
