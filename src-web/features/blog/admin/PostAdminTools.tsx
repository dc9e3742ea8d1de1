import { makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkCircleRegular, DatabaseRegular, OpenRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { checkHtml } from '../../../../src-shared/api/blog/check-html.ts';
import type { BlogPost } from '../../../../src-shared/domain/blog-post.ts';
import { blogHttp } from '../blog-http.ts';
import { BlogHtmlScreen } from '../../../../src-shared/admin/BlogHtmlScreen.tsx';
import { BLOG_HTML_TEXT } from '../../../../src-shared/admin/messages.ts';
import { BlogAdminSession } from './BlogAdminSession.tsx';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    marginBottom: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
    border: `2px dashed ${tokens.colorPaletteRedBorder2}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  indicators: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  indicator: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `2px ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusCircular,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    backgroundColor: tokens.colorPaletteGreenBackground2,
    color: tokens.colorPaletteGreenForeground2,
  },
  cached: { backgroundColor: tokens.colorPaletteBlueBackground2, color: tokens.colorPaletteBlueForeground2 },
  link: {
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    display: 'inline-flex',
    gap: tokens.spacingHorizontalXXS,
    alignItems: 'center',
  },
});

/**
 * The post page's admin tools: 'Cached' and 'HTML Generated' indicators, 'View
 * HTML', and the SEO HTML panel. Shown only in admin mode; every call they make carries the
 * admin token, which the server checks.
 */
export function PostAdminTools({ post, fromCache }: { post: BlogPost; fromCache: boolean }) {
  const styles = useStyles();
  const [generated, setGenerated] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let current = true;
    checkHtml(blogHttp, post.slug).then(
      (exists) => current && setGenerated(exists),
      () => current && setGenerated(false),
    );
    return () => {
      current = false;
    };
  }, [post.slug, version]);

  return (
    <aside className={styles.root} aria-label="Blog admin tools">
      <div className={styles.indicators}>
        {fromCache && (
          <span className={`${styles.indicator} ${styles.cached}`}>
            <DatabaseRegular aria-hidden /> Cached
          </span>
        )}
        {generated && (
          <span className={styles.indicator}>
            <CheckmarkCircleRegular aria-hidden /> HTML Generated
          </span>
        )}
        <a className={styles.link} href={`/blog/${post.slug}.html`} target="_blank" rel="noopener">
          View HTML <OpenRegular aria-hidden />
        </a>
      </div>
      <BlogAdminSession>
        <BlogHtmlScreen
          title={BLOG_HTML_TEXT.panelTitle}
          layout="panel"
          onGenerated={(slugs) => slugs.includes(post.slug) && setVersion((value) => value + 1)}
        />
      </BlogAdminSession>
    </aside>
  );
}
