import { useState } from 'react';
import { NavigationType, useLocation, useNavigationType, useSearchParams } from 'react-router-dom';
import {
  BLOG_KEYWORD_PARAM as KEYWORD_PARAM,
  BLOG_PAGE_PARAM,
  BLOG_SEARCH_PARAM as SEARCH_PARAM,
} from '../../../src-shared/domain/blog-list-page.ts';

interface ListFilters {
  search: string;
  keyword: string;
}

function filtersOf(params: URLSearchParams): ListFilters {
  return { search: params.get(SEARCH_PARAM) ?? '', keyword: params.get(KEYWORD_PARAM) ?? '' };
}

/** `params` with `filters` (none when empty) and back on page 1, the other parameters kept. */
function withFilters(params: URLSearchParams, filters: ListFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of [
    [SEARCH_PARAM, filters.search],
    [KEYWORD_PARAM, filters.keyword],
  ] as const) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  next.delete(BLOG_PAGE_PARAM);
  return next;
}

/** The router state of the list's own page changes (a history entry a page): no arrival from elsewhere. */
export const PAGE_CHANGE_STATE = { blogListPageChange: true } as const;

/**
 * The list's filters, kept in the address so that Back from a post, Back to Blog, a reload or a
 * shared link shows the same list. The inputs show this state, written to the address at each
 * change in place (no history entry a keystroke): the router applies an address later (in a
 * transition), and a search box showing the address itself would lose keystrokes typed
 * meanwhile. An arrival from elsewhere (Back, Forward, a link to /blog), not the list's own
 * change of filters or page, reads the address's filters back.
 */
export function useListFilters(): ListFilters & {
  change(next: Partial<ListFilters>): void;
  /** False while a change is on its way to the address (which still names the list before it). */
  inAddress: boolean;
} {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const [filters, setFilters] = useState(() => filtersOf(params));
  const [readAt, setReadAt] = useState(location.key);
  if (readAt !== location.key) {
    setReadAt(location.key);
    const ownPageChange = (location.state as Partial<typeof PAGE_CHANGE_STATE> | null)?.blogListPageChange === true;
    if (navigationType === NavigationType.Pop || (navigationType === NavigationType.Push && !ownPageChange)) {
      setFilters(filtersOf(params));
    }
  }
  const change = (next: Partial<ListFilters>) => {
    const changed = { ...filters, ...next };
    setFilters(changed);
    setParams((current) => withFilters(current, changed), { replace: true });
  };
  const address = filtersOf(params);
  const inAddress = address.search === filters.search && address.keyword === filters.keyword;
  return { ...filters, change, inAddress };
}
