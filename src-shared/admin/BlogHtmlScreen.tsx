import {
  Button,
  MessageBar,
  MessageBarBody,
  Spinner,
  Title2,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular, ChevronLeftRegular, ChevronRightRegular, DocumentGlobeRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { PUBLISHED_POSTS_PER_PAGE } from '../api/admin/list-published-posts.ts';
import type { BlogPost, PublishedPostsQuery } from '../domain/blog-post.ts';
import { useAdminServices } from './admin-services.tsx';
import { BlogPostRow, titleOf, type PageResult } from './BlogPostRow.tsx';
import { ListStatus } from './ListStatus.tsx';
import { BLOG_HTML_TEXT, loadErrorText } from './messages.ts';
import { useScreenStyles } from './screen-styles.ts';
import { usePagedList } from './use-paged-list.ts';

const useStyles = makeStyles({
  compactRoot: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  compactHeading: { margin: 0, fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400 },
  tools: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  // On a post page the panel is one box among others: its list scrolls instead of growing.
  compactList: { maxHeight: '260px', overflowY: 'auto' },
  pager: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS },
});

type Notice = { intent: 'success' | 'warning' | 'error'; text: string };

interface BlogHtmlScreenProps {
  title: string;
  description?: string;
  /** A console screen is h1; the post page's panel is an h2 in a compact box. */
  layout?: 'screen' | 'panel';
  /**
   * After pages were written, with their slugs (the post page re-checks its 'HTML Generated'
   * badge): once per page of posts during 'Generate All HTML'.
   */
  onGenerated?(slugs: string[]): void;
  /** The address of a post's static page; given, each row can open it outside the app. */
  pageUrl?(slug: string): string;
}

/**
 * Generating the blog's static SEO pages (the 'SEO HTML panel'): 'Generate All HTML'
 * and a generate button per published post. Every call goes through the admin API, so the
 * web sends its stored token and the desktop console's main process adds the keychain's.
 */
export function BlogHtmlScreen({ title, description, layout = 'screen', onGenerated, pageUrl }: BlogHtmlScreenProps) {
  const styles = useStyles();
  const screen = useScreenStyles();
  const { api, platform, sessionLost } = useAdminServices();
  // One page of the published posts at a time, as the server pages them: never the whole blog.
  const [page, setPage] = useState(1);
  const query = useMemo<Required<PublishedPostsQuery>>(() => ({ page }), [page]);
  const load = useCallback((wanted: Required<PublishedPostsQuery>) => api.listPublishedPosts({ page: wanted.page }), [api]);
  const { state, reload } = usePagedList(load, query);
  const [busy, setBusy] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [results, setResults] = useState<Record<string, PageResult>>({});
  // Stop asked for during Generate All: the walk ends before its next post.
  const stopping = useRef(false);
  const generateAllButton = useRef<HTMLButtonElement>(null);
  const compact = layout === 'panel';
  const posts = state.items;
  const total = state.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PUBLISHED_POSTS_PER_PAGE));
  // The rows on screen: only their results are kept (a badge per row), not one per post of the blog.
  const shown = useRef(new Set<string>());
  useEffect(() => {
    shown.current = new Set(posts.map((post) => post.slug));
  }, [posts]);

  useEffect(() => {
    // Posts were removed since the pages were counted: this page is past the end, show the last one.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- moving to a page that exists is the point
    if (state.phase === 'ready' && posts.length === 0 && page > pageCount) setPage(pageCount);
  }, [state.phase, posts.length, page, pageCount]);

  async function save(post: BlogPost): Promise<PageResult> {
    const outcome = await api.savePostHtml(post);
    const result: PageResult = outcome.ok
      ? { ok: true }
      : {
          ok: false,
          error: (outcome.reason !== 'network' && outcome.error) || BLOG_HTML_TEXT.generateOneFailed(titleOf(post)),
          sessionEnded: outcome.reason === 'unauthorized',
        };
    if (shown.current.has(post.slug)) setResults((current) => ({ ...current, [post.slug]: result }));
    if (!outcome.ok && outcome.reason === 'unauthorized') sessionLost();
    return result;
  }

  /**
   * Every published post, a page at a time: a page's posts are saved before the next page is
   * read, so the browser holds one page and the counts, whatever the size of the blog. The
   * pages are read as they are now, so posts published since the screen opened are included.
   */
  async function generateAll() {
    setBusy('all');
    setNotice(null);
    stopping.current = false;
    let saved = 0;
    let errors = 0;
    let postCount = 0;
    // A post published during the walk moves the others down a place: the last of a page comes
    // again first on the next. The page before is where such a repeat comes from.
    let previousSlugs = new Set<string>();
    for (let page = 1, pageCount = 1; page <= pageCount; page++) {
      const listed = await api.listPublishedPosts({ page });
      if (!listed.ok) {
        if (listed.reason === 'unauthorized') sessionLost();
        if (page === 1) {
          console.error('Generate All HTML failed: the posts could not be listed', listed);
          setNotice({ intent: 'error', text: BLOG_HTML_TEXT.generateAllFailed });
          setBusy(null);
          return;
        }
        // Midway: the posts not reached yet are counted as failed, as after a refusal below.
        console.error(`Generate All HTML stopped: page ${page} of the posts could not be listed`, listed);
        errors += Math.max(0, postCount - saved - errors);
        break;
      }
      ({ pageCount } = listed.value);
      postCount = Math.max(postCount, listed.value.total ?? 0);
      if (page === 1) setProgress({ done: 0, total: postCount });
      const pageSaved: string[] = [];
      let sessionEnded = false;
      // One at a time: the server renders and sanitizes each page, and a slow server should not get a burst.
      for (const post of listed.value.items) {
        if (stopping.current) break;
        if (previousSlugs.has(post.slug)) continue;
        const result = await save(post);
        if (result.ok) {
          pageSaved.push(post.slug);
          saved += 1;
        } else errors += 1;
        // Without a session every other page fails the same way: count them and stop asking.
        if (!result.ok && result.sessionEnded) {
          sessionEnded = true;
          break;
        }
        setProgress({ done: saved + errors, total: Math.max(postCount, saved + errors) });
      }
      if (pageSaved.length > 0) onGenerated?.(pageSaved);
      if (stopping.current) break;
      if (sessionEnded) {
        errors += Math.max(0, postCount - saved - errors);
        break;
      }
      previousSlugs = new Set(listed.value.items.map((post) => post.slug));
    }
    setProgress(null);
    setBusy(null);
    if (stopping.current) {
      const left = Math.max(0, postCount - saved - errors);
      setNotice({ intent: 'warning', text: BLOG_HTML_TEXT.generateAllStopped(saved, errors, left) });
      // Stop went with the run: the keyboard goes back to the button that starts one.
      generateAllButton.current?.focus();
      return;
    }
    setNotice({ intent: errors === 0 ? 'success' : 'warning', text: BLOG_HTML_TEXT.generateAllSummary(saved, errors) });
  }

  async function generateOne(post: BlogPost) {
    setBusy(post.slug);
    setNotice(null);
    const result = await save(post);
    setBusy(null);
    if (result.ok) {
      setNotice({ intent: 'success', text: BLOG_HTML_TEXT.generatedOne(titleOf(post)) });
      onGenerated?.([post.slug]);
    } else {
      console.error(`Generating HTML for ${post.slug} failed: ${result.error}`);
      setNotice({ intent: 'error', text: result.error });
    }
  }

  // The rows' callbacks keep their identity across renders, so a memoized row re-renders only
  // when its own result or state changes (BlogPostRow); each calls the latest function.
  const latest = useRef({ generateOne, pageUrl });
  useLayoutEffect(() => {
    latest.current = { generateOne, pageUrl };
  });
  const onGenerate = useCallback((post: BlogPost) => void latest.current.generateOne(post), []);
  const openPage = useCallback(
    (slug: string) => {
      const url = latest.current.pageUrl?.(slug);
      if (url) void platform.openExternal(url);
    },
    [platform],
  );

  const heading = compact ? (
    <h2 id="seo-html-title" className={styles.compactHeading}>
      {title}
    </h2>
  ) : (
    <div>
      <Title2 as="h1" id="seo-html-title" className={screen.heading}>
        {title}
      </Title2>
      {description && <p className={screen.subtitle}>{description}</p>}
    </div>
  );

  return (
    <section className={compact ? styles.compactRoot : screen.root} aria-labelledby="seo-html-title">
      {heading}
      {/* Busy buttons stay focusable (disabledFocusable): a button disabled under the keyboard's
          focus drops it on the page's body. */}
      <div className={styles.tools}>
        <Button
          ref={generateAllButton}
          appearance="primary"
          icon={busy === 'all' ? <Spinner size="tiny" /> : <DocumentGlobeRegular />}
          onClick={() => void generateAll()}
          disabledFocusable={busy !== null}
        >
          {BLOG_HTML_TEXT.generateAll}
        </Button>
        {!compact && (
          <Button icon={<ArrowClockwiseRegular />} onClick={() => void reload()} disabledFocusable={state.phase === 'loading'}>
            Refresh
          </Button>
        )}
        {progress && (
          <>
            <span role="status">
              Generating {progress.done} of {progress.total}…
            </span>
            <Button onClick={() => (stopping.current = true)}>Stop</Button>
          </>
        )}
      </div>
      {notice && (
        <MessageBar intent={notice.intent} role="alert">
          <MessageBarBody>{notice.text}</MessageBarBody>
        </MessageBar>
      )}
      <ListStatus
        empty={state.items.length === 0}
        loadError={
          state.phase === 'error' && state.failure
            ? loadErrorText(state.failure, BLOG_HTML_TEXT.fetchPostsFailed, 'Network error')
            : null
        }
        loading={state.phase === 'loading'}
        loadingLabel="Loading posts…"
        summary={compact || state.total === null ? null : `${total} published ${total === 1 ? 'post' : 'posts'}`}
      />
      <div className={compact ? undefined : screen.tableWrap}>
        <ul className={mergeClasses(styles.list, compact && styles.compactList)} aria-label="Generate HTML per post">
          {posts.map((post) => (
            <BlogPostRow
              key={post.id}
              post={post}
              result={results[post.slug]}
              compact={compact}
              busy={busy !== null}
              generating={busy === post.slug}
              onGenerate={onGenerate}
              onOpen={pageUrl && openPage}
            />
          ))}
        </ul>
        {/* Only a list that loaded can be empty; after a failure the error says what happened. */}
        {!compact && state.phase === 'ready' && total === 0 && <p className={screen.empty}>{BLOG_HTML_TEXT.noPosts}</p>}
      </div>
      {pageCount > 1 && (
        <nav className={styles.pager} aria-label="Pages of published posts">
          <Button
            size="small"
            icon={<ChevronLeftRegular />}
            onClick={() => setPage(page - 1)}
            disabledFocusable={page <= 1 || state.phase === 'loading'}
            aria-label="Previous page"
          />
          <span aria-live="polite">{`Page ${Math.min(page, pageCount)} of ${pageCount}`}</span>
          <Button
            size="small"
            icon={<ChevronRightRegular />}
            onClick={() => setPage(page + 1)}
            disabledFocusable={page >= pageCount || state.phase === 'loading'}
            aria-label="Next page"
          />
        </nav>
      )}
    </section>
  );
}
