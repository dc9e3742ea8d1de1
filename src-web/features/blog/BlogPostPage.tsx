import { Body1, Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PostNotFoundError } from '../../../src-shared/api/blog/find-post-by-slug.ts';
import { loadPost } from '../../../src-shared/api/blog/post-cache.ts';
import type { BlogPost } from '../../../src-shared/domain/blog-post.ts';
import { PATHS } from '../../../src-shared/domain/routes.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { usePageMeta } from '../../components/seo.tsx';
import { toggleAdminMode, useAdminMode } from '../admin-mode/admin-mode.ts';
import { blogHttp, readAdminToken } from './blog-http.ts';
import { KeywordChips } from './KeywordChips.tsx';
import { displayDate, displayTitle, imageOf } from './post-display.ts';
import { sanitizePostHtml } from './sanitize-html.ts';
import { usePostBodyStyles } from './post-body-styles.ts';

const PostAdminTools = lazy(() => import('./admin/PostAdminTools.tsx').then((module) => ({ default: module.PostAdminTools })));

export const POST_TEXT = {
  loading: 'Loading post…',
  notFoundTitle: 'Post Not Found',
  notFoundBody: 'The blog post you are looking for does not exist.',
  back: 'Back to Blog',
} as const;

const useStyles = makeStyles({
  // Both fill the screen, so the footer is not pushed down (layout shift) when the post arrives.
  page: {
    minHeight: '100vh',
    maxWidth: '820px',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalXXXL}`,
  },
  crumbs: { marginBottom: tokens.spacingVerticalM, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  crumbList: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, listStyleType: 'none', margin: 0, padding: 0 },
  crumbItem: { display: 'flex', gap: tokens.spacingHorizontalXS, '&:not(:last-child)::after': { content: '"›"' } },
  crumbLink: { color: tokens.colorBrandForeground1 },
  back: { marginBottom: tokens.spacingVerticalL },
  image: {
    display: 'block',
    width: '100%',
    height: 'auto',
    aspectRatio: '1200 / 630',
    borderRadius: tokens.borderRadiusXLarge,
    marginBottom: tokens.spacingVerticalL,
    backgroundColor: '#e8eaf6',
  },
  date: { color: tokens.colorNeutralForeground3 },
  title: {
    margin: `${tokens.spacingVerticalS} 0`,
    fontSize: tokens.fontSizeHero800,
    lineHeight: tokens.lineHeightHero800,
    '@media (max-width: 600px)': { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700 },
  },
  excerpt: {
    display: 'block',
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    color: tokens.colorNeutralForeground2,
    marginBottom: tokens.spacingVerticalM,
  },
  state: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalXXXL} 0`,
    textAlign: 'center',
    minHeight: '40vh',
    justifyContent: 'center',
  },
  loading: { minHeight: '100vh', justifyContent: 'flex-start' },
  stateText: { textAlign: 'center', maxWidth: '560px' },
  stateTitle: { margin: 0, fontSize: tokens.fontSizeHero700 },
});

type Load =
  { status: 'loading' } | { status: 'missing'; message: string } | { status: 'ready'; post: BlogPost; fromCache: boolean };

/** A footer click toggles admin mode on this page (spec §2); clicks on the footer's links and buttons do what they say. */
function useFooterAdminToggle(): void {
  useEffect(() => {
    const footer = document.querySelector('footer');
    if (!footer) return;
    const onClick = (event: Event) => {
      if (!(event.target instanceof Element) || event.target.closest('a, button, input, select, textarea')) return;
      toggleAdminMode();
    };
    footer.addEventListener('click', onClick);
    return () => footer.removeEventListener('click', onClick);
  }, []);
}

/** /blog/{slug} (spec §2 "Blog post"). */
export function BlogPostPage() {
  const styles = useStyles();
  const body = usePostBodyStyles();
  const { slug = '' } = useParams();
  // The answer is kept with the slug it is for, so a new slug shows the loading view at once.
  const [answer, setAnswer] = useState<{ slug: string; load: Load }>();
  const [failedImage, setFailedImage] = useState<string>();
  const admin = useAdminMode();
  useFooterAdminToggle();

  useEffect(() => {
    let current = true;
    loadPost(blogHttp, slug, readAdminToken()).then(
      ({ post, fromCache }) => current && setAnswer({ slug, load: { status: 'ready', post, fromCache } }),
      (error: unknown) =>
        current &&
        setAnswer({
          slug,
          load: {
            status: 'missing',
            message: error instanceof PostNotFoundError || !(error instanceof Error) ? POST_TEXT.notFoundBody : error.message,
          },
        }),
    );
    return () => {
      current = false;
    };
  }, [slug]);

  const load: Load = answer?.slug === slug ? answer.load : { status: 'loading' };
  const post = load.status === 'ready' ? load.post : undefined;
  const html = useMemo(() => (post ? sanitizePostHtml(post.content ?? '') : ''), [post]);
  usePageMeta(
    post
      ? {
          title: post.seo?.title?.trim() || displayTitle(post),
          description: post.seo?.description?.trim() || post.excerpt || displayTitle(post),
          type: 'article',
          ...(imageOf(post) ? { image: imageOf(post)?.src } : {}),
        }
      : {
          title: load.status === 'missing' ? POST_TEXT.notFoundTitle : 'Blog',
          description: 'Articles on hiring and recruiting from HireAssist.',
        },
  );

  if (load.status === 'loading') {
    return (
      <div className={mergeClasses(styles.state, styles.loading)}>
        <Spinner label={POST_TEXT.loading} />
      </div>
    );
  }
  if (load.status === 'missing' || !post) {
    return (
      <section className={styles.state}>
        <h1 className={styles.stateTitle}>{POST_TEXT.notFoundTitle}</h1>
        <Body1 className={styles.stateText}>{load.status === 'missing' ? load.message : POST_TEXT.notFoundBody}</Body1>
        <ButtonLink appearance="primary" to={PATHS.blog} icon={<ArrowLeftRegular />}>
          {POST_TEXT.back}
        </ButtonLink>
      </section>
    );
  }

  const title = displayTitle(post);
  const image = imageOf(post);
  return (
    <article className={styles.page}>
      <nav className={styles.crumbs} aria-label="Breadcrumb">
        <ol className={styles.crumbList}>
          <li className={styles.crumbItem}>
            <Link className={styles.crumbLink} to={PATHS.home}>
              Home
            </Link>
          </li>
          <li className={styles.crumbItem}>
            <Link className={styles.crumbLink} to={PATHS.blog}>
              Blog
            </Link>
          </li>
          <li className={styles.crumbItem} aria-current="page">
            {title}
          </li>
        </ol>
      </nav>
      <ButtonLink className={styles.back} appearance="subtle" to={PATHS.blog} icon={<ArrowLeftRegular />}>
        {POST_TEXT.back}
      </ButtonLink>
      {admin.enabled && (
        <Suspense fallback={null}>
          <PostAdminTools post={post} fromCache={load.fromCache} />
        </Suspense>
      )}
      {image && failedImage !== image.src && (
        <img
          className={styles.image}
          src={image.src}
          alt={image.alt}
          width={1200}
          height={630}
          fetchPriority="high"
          onError={() => setFailedImage(image.src)}
        />
      )}
      <time className={styles.date} dateTime={post.published_at ?? undefined}>
        {displayDate(post.published_at)}
      </time>
      <h1 className={styles.title}>{title}</h1>
      {post.excerpt && <Body1 className={styles.excerpt}>{post.excerpt}</Body1>}
      <KeywordChips post={post} all />
      <div className={body.root} dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
