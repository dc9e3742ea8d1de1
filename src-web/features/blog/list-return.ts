import { PATHS } from '../../../src-shared/domain/routes.ts';

/**
 * The router state between the blog list and a post (history state, which only the app's own
 * pages write): a card tells the post which list it was opened from (its address's query: page,
 * search, keyword), so Back to Blog and the breadcrumb's Blog return to that list rather than to
 * all posts' page 1; Back to Blog tells the list which post the reader comes
 * back from, so the keyboard goes on from that post's card rather than from the page's top.
 * A post opened in a new tab (or window) from a list carries no state: the list is then the
 * page's referrer, which a reload keeps. A post reached any other way (a typed address, a shared
 * link, a link from another page) goes back to /blog.
 */
export interface OpenedFromList {
  /** '?q=interview&page=2', or '' for /blog. */
  blogListSearch: string;
}
export interface BackFromPost {
  fromPostSlug: string;
}

/**
 * Where Back to Blog and the breadcrumb go: the list the post was opened from, else /blog.
 * `referrer` is the page that loaded this document (document.referrer), given only while the
 * reader is still on the document's first entry: a later one was reached inside the app.
 */
export function backToListPath(state: unknown, referrer = ''): string {
  const search = (state as Partial<OpenedFromList> | null)?.blogListSearch ?? listSearchOf(referrer);
  // A page past the end (posts removed since) the list renames to its last, as for any address.
  return typeof search === 'string' && search.startsWith('?') ? `${PATHS.blog}${search}` : PATHS.blog;
}

/** The query of a referrer that is this site's blog list ('?page=2'), else undefined. */
function listSearchOf(referrer: string): string | undefined {
  if (referrer === '') return undefined;
  const from = new URL(referrer);
  return from.origin === window.location.origin && from.pathname === PATHS.blog ? from.search : undefined;
}

/** The slug of the post the reader came back from with Back to Blog, if they did. */
export function returnedFromPost(state: unknown): string | undefined {
  const slug = (state as Partial<BackFromPost> | null)?.fromPostSlug;
  return typeof slug === 'string' ? slug : undefined;
}
