import {
  Badge,
  Button,
  MessageBar,
  MessageBarBody,
  Spinner,
  Title2,
  Tooltip,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular, DocumentGlobeRegular, OpenRegular } from '@fluentui/react-icons';
import { useCallback, useState } from 'react';
import type { BlogPost } from '../domain/blog-post.ts';
import { useAdminServices } from './admin-services.tsx';
import { ListStatus } from './ListStatus.tsx';
import { BLOG_HTML_TEXT, loadErrorText } from './messages.ts';
import { useScreenStyles } from './screen-styles.ts';
import { useAdminList } from './use-admin-list.ts';

const useStyles = makeStyles({
  compactRoot: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  compactHeading: { margin: 0, fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400 },
  tools: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  // On a post page the panel is one box among others: its list scrolls instead of growing.
  compactList: { maxHeight: '260px', overflowY: 'auto' },
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    ':not(:last-child)': { borderBottom: `1px solid ${tokens.colorNeutralStroke3}` },
  },
  compactRow: { padding: `${tokens.spacingVerticalXXS} 0`, ':not(:last-child)': { borderBottom: 'none' } },
  text: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  title: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  compactTitle: { fontSize: tokens.fontSizeBase200 },
  slug: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  rowActions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexShrink: 0 },
});

type Notice = { intent: 'success' | 'warning' | 'error'; text: string };
/** What happened to a post's page during this session. */
type PageResult = { ok: true } | { ok: false; error: string; sessionEnded: boolean };

interface BlogHtmlScreenProps {
  title: string;
  description?: string;
  /** A console screen is h1; the post page's panel is an h2 in a compact box. */
  layout?: 'screen' | 'panel';
  /** After pages were written, with their slugs (the post page re-checks its 'HTML Generated' badge). */
  onGenerated?(slugs: string[]): void;
  /** The address of a post's static page; given, each row can open it outside the app. */
  pageUrl?(slug: string): string;
}

const titleOf = (post: Pick<BlogPost, 'title'>) => post.title?.trim() || BLOG_HTML_TEXT.untitled;

/**
 * Generating the blog's static SEO pages (the 'SEO HTML panel'): 'Generate All HTML'
 * and a generate button per published post. Every call goes through the admin API, so the
 * web sends its stored token and the desktop console's main process adds the keychain's.
 */
export function BlogHtmlScreen({ title, description, layout = 'screen', onGenerated, pageUrl }: BlogHtmlScreenProps) {
  const styles = useStyles();
  const screen = useScreenStyles();
  const { api, platform, sessionLost } = useAdminServices();
  const { state, reload } = useAdminList(useCallback(() => api.listPublishedPosts(), [api]));
  const [busy, setBusy] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [results, setResults] = useState<Record<string, PageResult>>({});
  const compact = layout === 'panel';

  async function save(post: BlogPost): Promise<PageResult> {
    const outcome = await api.savePostHtml(post);
    const result: PageResult = outcome.ok
      ? { ok: true }
      : {
          ok: false,
          error: (outcome.reason !== 'network' && outcome.error) || BLOG_HTML_TEXT.generateOneFailed(titleOf(post)),
          sessionEnded: outcome.reason === 'unauthorized',
        };
    setResults((current) => ({ ...current, [post.slug]: result }));
    if (!outcome.ok && outcome.reason === 'unauthorized') sessionLost();
    return result;
  }

  async function generateAll() {
    setBusy('all');
    setNotice(null);
    // The list is read again, so posts published since the screen opened are included.
    const listed = await api.listPublishedPosts();
    if (!listed.ok) {
      console.error('Generate All HTML failed: the posts could not be listed', listed);
      setNotice({ intent: 'error', text: BLOG_HTML_TEXT.generateAllFailed });
      setBusy(null);
      if (listed.reason === 'unauthorized') sessionLost();
      return;
    }
    const saved: string[] = [];
    let errors = 0;
    setProgress({ done: 0, total: listed.value.length });
    // One at a time: the server renders and sanitizes each page, and a slow server should not get a burst.
    for (const [index, post] of listed.value.entries()) {
      const result = await save(post);
      if (result.ok) saved.push(post.slug);
      else errors += 1;
      // Without a session every other page fails the same way: count them and stop asking.
      if (!result.ok && result.sessionEnded) {
        errors += listed.value.length - index - 1;
        break;
      }
      setProgress({ done: saved.length + errors, total: listed.value.length });
    }
    setProgress(null);
    setBusy(null);
    setNotice({ intent: errors === 0 ? 'success' : 'warning', text: BLOG_HTML_TEXT.generateAllSummary(saved.length, errors) });
    onGenerated?.(saved);
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

  const posts = state.items;
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
      <div className={styles.tools}>
        <Button
          appearance="primary"
          icon={busy === 'all' ? <Spinner size="tiny" /> : <DocumentGlobeRegular />}
          onClick={() => void generateAll()}
          disabled={busy !== null}
        >
          {BLOG_HTML_TEXT.generateAll}
        </Button>
        {!compact && (
          <Button icon={<ArrowClockwiseRegular />} onClick={() => void reload()} disabled={state.phase === 'loading'}>
            Refresh
          </Button>
        )}
        {progress && (
          <span role="status">
            Generating {progress.done} of {progress.total}…
          </span>
        )}
      </div>
      {notice && (
        <MessageBar intent={notice.intent} role="alert">
          <MessageBarBody>{notice.text}</MessageBarBody>
        </MessageBar>
      )}
      <ListStatus
        loadError={
          state.phase === 'error' ? loadErrorText(state.failure, BLOG_HTML_TEXT.fetchPostsFailed, 'Network error') : null
        }
        loading={state.phase === 'loading'}
        loadingLabel="Loading posts…"
        summary={compact ? null : `${posts.length} published ${posts.length === 1 ? 'post' : 'posts'}`}
      />
      <div className={compact ? undefined : screen.tableWrap}>
        <ul className={mergeClasses(styles.list, compact && styles.compactList)} aria-label="Generate HTML per post">
          {posts.map((post) => {
            const result = results[post.slug];
            const postTitle = titleOf(post);
            return (
              <li key={post.id} className={mergeClasses(styles.row, compact && styles.compactRow)}>
                <span className={styles.text}>
                  <span className={mergeClasses(styles.title, compact && styles.compactTitle)}>{postTitle}</span>
                  {!compact && <span className={styles.slug}>/blog/{post.slug}.html</span>}
                </span>
                <span className={styles.rowActions}>
                  {result &&
                    (result.ok ? (
                      <Badge appearance="tint" color="success" shape="rounded">
                        Generated
                      </Badge>
                    ) : (
                      <Tooltip content={result.error} relationship="description">
                        <Badge appearance="tint" color="danger" shape="rounded" tabIndex={0}>
                          Failed
                        </Badge>
                      </Tooltip>
                    ))}
                  <Button
                    size="small"
                    onClick={() => void generateOne(post)}
                    disabled={busy !== null}
                    icon={busy === post.slug ? <Spinner size="extra-tiny" /> : undefined}
                    aria-label={`Generate HTML for ${postTitle}`}
                  >
                    Generate
                  </Button>
                  {pageUrl && (
                    <Button
                      size="small"
                      appearance="subtle"
                      icon={<OpenRegular />}
                      onClick={() => void platform.openExternal(pageUrl(post.slug))}
                      aria-label={`Open the page of ${postTitle}`}
                    />
                  )}
                </span>
              </li>
            );
          })}
        </ul>
        {/* Only a list that loaded can be empty; after a failure the error says what happened. */}
        {!compact && state.phase === 'ready' && posts.length === 0 && <p className={screen.empty}>{BLOG_HTML_TEXT.noPosts}</p>}
      </div>
    </section>
  );
}
