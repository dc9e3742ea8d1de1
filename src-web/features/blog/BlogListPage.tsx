import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { loadPostsWithCache } from '../../../src-shared/api/blog/list-cache.ts';
import { listKeywords } from '../../../src-shared/api/blog/list-keywords.ts';
import {
  BLOG_PAGE_PARAM,
  blogListPath,
  blogPageCount,
  blogPageParam,
  isFilteredBlogList,
  requestedBlogPage,
  shownBlogPage,
} from '../../../src-shared/domain/blog-list-page.ts';
import { BLOG_LIST_PAGE, type BlogPost } from '../../../src-shared/domain/blog-post.ts';
import { blogPostPath } from '../../../src-shared/domain/routes.ts';
import { buttonClasses, cx } from '../../components/button-styles.ts';
import { ChevronDownIcon } from '../../components/icons.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { usePageMeta } from '../../components/seo.tsx';
import { PageHeader } from '../marketing/shared/PageHeader.tsx';
import { BlogCard } from './BlogCard.tsx';
import { SearchIcon } from './blog-icons.ts';
import centred from '../../components/centred-state.module.css';
import shared from './shared.module.css';
import styles from './BlogListPage.module.css';
import { blogHttp } from './blog-http.ts';
import { allKeywords, byName, filterPosts, pageOf } from './list-rules.ts';
import { useListSlice } from './list-pages.ts';
import { PAGE_CHANGE_STATE, useListFilters } from './list-filters.ts';
import { returnedFromPost } from './list-return.ts';
import { Pagination } from './Pagination.tsx';

export const LIST_TEXT = {
  ...BLOG_LIST_PAGE,
  loading: 'Loading posts…',
  errorTitle: 'Error Loading Blog',
  errorDefault: 'Failed to fetch posts',
  tryAgain: 'Try Again',
  emptyTitle: 'No posts found',
  emptyFiltered: 'No results found for your current filters. Try adjusting your search criteria.',
  emptyNone: 'No posts available at the moment.',
  allKeywords: 'All keywords',
  clearFilters: 'Clear Filters',
  /** When the blog's source could search only its newest posts (StoryChief has no search of its own). */
  searchedNewest: (count: number) =>
    `Only the newest ${count.toLocaleString('en-US')} posts were searched: older posts are not in these results.`,
} as const;

type Load = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; posts: BlogPost[]; total: number };

/** `params` with the page parameter naming `page` (none for page 1), the other parameters kept. */
function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  const value = blogPageParam(page);
  if (value === null) next.delete(BLOG_PAGE_PARAM);
  else next.set(BLOG_PAGE_PARAM, value);
  return next;
}

/**
 * /blog: search, keyword filter, 9 cards a page, with the list cache of src-shared/api/blog.
 * The page, search and keyword are in the address (/blog?q=interview&page=2: src-shared/domain/
 * blog-list-page.ts, list-filters.ts), so Back from a post returns to that list and it can be linked.
 */
export function BlogListPage() {
  const searchId = useId();
  const keywordId = useId();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const { search, keyword, change: changeFilters, inAddress: filtersInAddress } = useListFilters();
  const [params, setParams] = useSearchParams();

  useEffect(() => {
    let current = true;
    loadPostsWithCache({ http: blogHttp, storage: localStorage, now: Date.now }).then(
      ({ posts, total }) => current && setLoad({ status: 'ready', posts, total }),
      (error: unknown) =>
        current && setLoad({ status: 'failed', message: (error instanceof Error && error.message) || LIST_TEXT.errorDefault }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const tryAgain = () => {
    setLoad({ status: 'loading' });
    setAttempt((count) => count + 1);
  };

  const first = load.status === 'ready' ? load : undefined;
  const posts = useMemo(() => first?.posts ?? [], [first]);
  const filtered = useMemo(() => filterPosts(posts, search, keyword), [posts, search, keyword]);
  // The blog holds more posts than the first request brought: its pages and searches are the
  // server's, fetched as they are turned to; a blog within them is paged and searched here.
  const archive = first !== undefined && first.total > first.posts.length;

  // The dropdown's keywords: of the whole blog, counted by the server (the most used ones, when
  // there are more than one answer carries), once the blog is known to be longer than the posts
  // here; otherwise those posts are the whole blog. Should the request fail, the posts' own stand in.
  const [blogKeywords, setBlogKeywords] = useState<string[]>();
  useEffect(() => {
    if (!archive) return;
    let current = true;
    listKeywords(blogHttp).then(
      (list) => current && setBlogKeywords(byName(list.data.map((entry) => entry.keyword))),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [archive]);
  const keywords = useMemo(() => (archive && blogKeywords) || allKeywords(posts), [archive, blogKeywords, posts]);
  const query = useMemo(() => ({ search: search.trim(), keyword: keyword.trim() }), [search, keyword]);
  const requested = requestedBlogPage(params) ?? 1;
  const {
    slice,
    total: archiveTotal,
    retry: retrySlice,
  } = useListSlice(archive ? first : undefined, archive ? query : undefined, requested);
  // Until the server has counted a search's matches, the page asked for is the one shown.
  const pages = archive ? (archiveTotal === undefined ? Infinity : blogPageCount(archiveTotal)) : blogPageCount(filtered.length);
  const page = shownBlogPage(params, pages);
  const shown = !archive ? pageOf(filtered, page) : slice.status === 'ready' ? slice.posts : [];
  const loading = load.status === 'loading' || (archive && slice.status === 'loading');
  const failure = load.status === 'failed' ? load : archive && slice.status === 'failed' ? slice : undefined;
  const empty = archive ? archiveTotal === 0 : load.status === 'ready' && filtered.length === 0;
  const options = keyword && !keywords.includes(keyword) ? [keyword, ...keywords] : keywords;
  // Until the posts are here the page count is unknown: the address's page names the canonical link, as the server's did.
  const canonicalPage = isFilteredBlogList(params) ? 1 : load.status === 'ready' ? page : (requestedBlogPage(params) ?? 1);
  usePageMeta({ title: LIST_TEXT.title, description: LIST_TEXT.description, path: blogListPath(canonicalPage) });

  // A bad page (?page=abc, ?page=1) or one past the end is renamed to the page shown, in place (no new history entry).
  const addressPage = params.get(BLOG_PAGE_PARAM);
  useEffect(() => {
    // Not while new filters are on their way to the address: its page is the old list's, and
    // renaming it there would put the old filters back.
    // Nor before the server has counted a search's matches (the page count is unknown).
    if (load.status !== 'ready' || pages === Infinity || !filtersInAddress || addressPage === blogPageParam(page)) return;
    setParams((current) => withPage(current, page), { replace: true });
  }, [load.status, pages, filtersInAddress, addressPage, page, setParams]);

  const listRef = useRef<HTMLElement>(null);
  /** Set by a page button: the new page's list takes the focus once it has rendered. */
  const focusList = useRef(false);
  useEffect(() => {
    // Not before the new page's cards are here (a page beyond the loaded posts shows the spinner first).
    if (!focusList.current || !listRef.current) return;
    focusList.current = false;
    // preventScroll: the page scrolls to its top (filters and title in view), as before.
    listRef.current?.focus({ preventScroll: true });
  });

  // Back to Blog from a post: the keyboard goes on from that post's card (its title link), where
  // the reader left the list, rather than from the page's top. Once per arrival (location.key).
  const location = useLocation();
  const backFrom = returnedFromPost(location.state);
  const arrivalFocused = useRef<string>(undefined);
  useEffect(() => {
    if (load.status !== 'ready' || backFrom === undefined || arrivalFocused.current === location.key) return;
    arrivalFocused.current = location.key;
    const href = blogPostPath(backFrom);
    const links = listRef.current?.querySelectorAll('a') ?? [];
    Array.from(links)
      .find((link) => link.getAttribute('href') === href)
      ?.focus();
  }, [load.status, backFrom, location.key]);

  const changePage = (next: number) => {
    // A history entry a page: Back returns to the page before, and from a post to this one.
    setParams((current) => withPage(current, next), { state: PAGE_CHANGE_STATE });
    window.scrollTo({ top: 0 });
    // The button pressed stays at the bottom (or turns disabled, and the focus drops to the body):
    // a keyboard or screen reader user goes on from the new page's first post instead.
    focusList.current = true;
  };

  return (
    <section aria-labelledby="blog-title">
      <PageHeader titleId="blog-title" title={LIST_TEXT.title}>
        {LIST_TEXT.intro}
      </PageHeader>

      <div className={styles.page}>
        <div className={styles.filters} role="search">
          <div className={styles.field}>
            <label className={styles.label} htmlFor={searchId}>
              Search posts
            </label>
            <span className={`${styles.input} focus-ring-within`}>
              <SearchIcon />
              <input
                id={searchId}
                type="search"
                placeholder="Search by title, topic or keyword"
                value={search}
                onChange={(event) => changeFilters({ search: event.target.value })}
              />
            </span>
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={keywordId}>
              Keyword
            </label>
            <span className={styles.selectBox}>
              <select
                id={keywordId}
                className={styles.select}
                value={keyword}
                onChange={(event) => changeFilters({ keyword: event.target.value })}
              >
                <option value="">{LIST_TEXT.allKeywords}</option>
                {options.map((candidate) => (
                  <option key={candidate} value={candidate}>
                    {candidate}
                  </option>
                ))}
              </select>
              <ChevronDownIcon className={styles.chevron} />
            </span>
          </div>
          <button
            type="button"
            className={cx(buttonClasses.base, buttonClasses.outline, styles.button)}
            disabled={!search && !keyword}
            onClick={() => changeFilters({ search: '', keyword: '' })}
          >
            {LIST_TEXT.clearFilters}
          </button>
        </div>

        {archive && slice.status === 'ready' && slice.searchedNewest !== undefined && (
          <p className={shared.stateText} role="status">
            {LIST_TEXT.searchedNewest(slice.searchedNewest)}
          </p>
        )}

        {loading && <PageSpinner inline label={LIST_TEXT.loading} />}

        {failure && (
          <div className={centred.centredState} role="alert">
            <h2 className={styles.stateTitle}>{LIST_TEXT.errorTitle}</h2>
            <p className={shared.stateText}>{failure.message}</p>
            <button
              type="button"
              className={cx(buttonClasses.base, buttonClasses.primary, styles.button)}
              onClick={load.status === 'failed' ? tryAgain : retrySlice}
            >
              {LIST_TEXT.tryAgain}
            </button>
          </div>
        )}

        {empty && (
          <div className={centred.centredState} role="status">
            <h2 className={styles.stateTitle}>{LIST_TEXT.emptyTitle}</h2>
            <p className={shared.stateText}>{search || keyword ? LIST_TEXT.emptyFiltered : LIST_TEXT.emptyNone}</p>
          </div>
        )}

        {shown.length > 0 && (
          <>
            <section ref={listRef} tabIndex={-1} className={styles.grid} aria-label={`Blog posts, page ${page} of ${pages}`}>
              {shown.map((post, index) => (
                <BlogCard key={post.id} post={post} listSearch={location.search} eager={index < 3} />
              ))}
            </section>
            <Pagination page={page} count={pages} onChange={changePage} />
          </>
        )}
      </div>
    </section>
  );
}
