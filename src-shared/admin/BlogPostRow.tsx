import { Badge, Button, Spinner, Tooltip, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { OpenRegular } from '@fluentui/react-icons';
import { memo } from 'react';
import type { BlogPost } from '../domain/blog-post.ts';
import { BLOG_HTML_TEXT } from './messages.ts';

const useStyles = makeStyles({
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

/** What happened to a post's page during this session. */
export type PageResult = { ok: true } | { ok: false; error: string; sessionEnded: boolean };

export const titleOf = (post: Pick<BlogPost, 'title'>) => post.title?.trim() || BLOG_HTML_TEXT.untitled;

interface BlogPostRowProps {
  post: BlogPost;
  result: PageResult | undefined;
  compact: boolean;
  /** Some generation is running: every row's button waits (focusable, so the keyboard stays). */
  busy: boolean;
  /** This row's own page is being generated. */
  generating: boolean;
  /** Stable across renders: a row re-renders only when its own props change. */
  onGenerate(post: BlogPost): void;
  onOpen: ((slug: string) => void) | undefined;
}

/**
 * One published post in the SEO HTML panel: its title, its page's address, what generating it
 * did, and its buttons. Memoized: during 'Generate All HTML' each saved page changes one row's
 * result, and a page of the list holds 100 rows of Fluent buttons; re-rendering all of them
 * for each post made the walk cost the browser a page's rows per post.
 */
export const BlogPostRow = memo(function BlogPostRow({
  post,
  result,
  compact,
  busy,
  generating,
  onGenerate,
  onOpen,
}: BlogPostRowProps) {
  const styles = useStyles();
  const postTitle = titleOf(post);
  return (
    <li className={mergeClasses(styles.row, compact && styles.compactRow)}>
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
          onClick={() => onGenerate(post)}
          disabledFocusable={busy}
          icon={generating ? <Spinner size="extra-tiny" /> : undefined}
          aria-label={`Generate HTML for ${postTitle}`}
        >
          Generate
        </Button>
        {onOpen && (
          <Button
            size="small"
            appearance="subtle"
            icon={<OpenRegular />}
            onClick={() => onOpen(post.slug)}
            aria-label={`Open the page of ${postTitle}`}
          />
        )}
      </span>
    </li>
  );
});
