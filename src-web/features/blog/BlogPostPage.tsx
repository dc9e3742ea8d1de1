import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { PostNotFoundError } from '../../../src-shared/api/blog/find-post-by-slug.ts';
import { loadPost } from '../../../src-shared/api/blog/post-cache.ts';
import { blogPostImage, blogPostPageMeta, blogPostTitle, type BlogPost } from '../../../src-shared/domain/blog-post.ts';
import { PATHS } from '../../../src-shared/domain/routes.ts';
import { buttonClasses, cx } from '../../components/button-styles.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { LazyPart } from '../../components/LazyPart.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { retryableLazy } from '../../components/retryable-lazy.ts';
import { usePageMeta } from '../../components/seo.tsx';
import { toggleAdminMode, useAdminMode } from '../admin-mode/admin-mode.ts';
import { ArrowLeftIcon } from './blog-icons.ts';
import { blogHttp, readAdminToken } from './blog-http.ts';
import centred from '../../components/centred-state.module.css';
import shared from './shared.module.css';
import styles from './BlogPostPage.module.css';
import { PageHeader } from '../marketing/shared/PageHeader.tsx';
import { KeywordChips } from './KeywordChips.tsx';
import { backToListPath, type BackFromPost } from './list-return.ts';
import { displayDate } from './post-display.ts';
import { sanitizePostHtml } from './sanitize-html.ts';

const postAdminTools = retryableLazy(() => import('./admin/PostAdminTools.tsx').then((module) => module.PostAdminTools));

export const POST_TEXT = {
  loading: 'Loading post…',
  notFoundTitle: 'Post Not Found',
  notFoundBody: 'The blog post you are looking for does not exist.',
  back: 'Back to Blog',
  /** The blog could not be reached (the server's own page for this says the same: routes.ts). */
  unavailableTitle: 'Blog Unavailable',
  tryAgain: 'Try Again',
} as const;

/**
 * 'missing': the lookup worked and no published post has the slug. 'failed': the blog could not
 * be reached (the server's error, or the network's), which says nothing about the post: the
 * visitor sees that, and may try again, never 'Post Not Found'.
 */
type Load =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; post: BlogPost; fromCache: boolean };

/** A footer click toggles admin mode on this page (as Ctrl+Shift+A does); clicks on the footer's links and buttons do what they say. */
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

/** /blog/{slug}: one post, with the admin tools in admin mode. */
export function BlogPostPage() {
  const { slug = '' } = useParams();
  // Back to Blog and the breadcrumb return to the list the post was opened from, and to this post's card on it.
  const location = useLocation();
  // 'default': the document's first entry (a new tab's, or its reload), which the referrer opened.
  const backTo = backToListPath(location.state, location.key === 'default' ? document.referrer : '');
  const backState: BackFromPost = { fromPostSlug: slug };
  // The answer is kept with the slug it is for, so a new slug shows the loading view at once.
  const [answer, setAnswer] = useState<{ slug: string; attempt: number; load: Load }>();
  const [attempt, setAttempt] = useState(0);
  const [failedImage, setFailedImage] = useState<string>();
  const admin = useAdminMode();
  useFooterAdminToggle();

  useEffect(() => {
    let current = true;
    loadPost(blogHttp, slug, readAdminToken()).then(
      ({ post, fromCache }) => current && setAnswer({ slug, attempt, load: { status: 'ready', post, fromCache } }),
      (error: unknown) =>
        current &&
        setAnswer({
          slug,
          attempt,
          load:
            error instanceof PostNotFoundError
              ? { status: 'missing' }
              : { status: 'failed', message: (error instanceof Error && error.message) || POST_TEXT.unavailableTitle },
        }),
    );
    return () => {
      current = false;
    };
  }, [slug, attempt]);

  const load: Load = answer?.slug === slug && answer.attempt === attempt ? answer.load : { status: 'loading' };
  const post = load.status === 'ready' ? load.post : undefined;
  const html = useMemo(() => (post ? sanitizePostHtml(post.content ?? '') : ''), [post]);
  usePageMeta(
    post
      ? { ...blogPostPageMeta(post), type: 'article' }
      : {
          title:
            load.status === 'missing' ? POST_TEXT.notFoundTitle : load.status === 'failed' ? POST_TEXT.unavailableTitle : 'Blog',
          description: 'Articles on hiring and recruiting from HireAssist.',
        },
  );

  if (load.status === 'loading') {
    return (
      <div className={styles.loading}>
        <PageSpinner inline label={POST_TEXT.loading} />
      </div>
    );
  }
  if (load.status === 'failed') {
    return (
      <section className={cx(centred.centredState, styles.state)} role="alert">
        <h1 className={styles.stateTitle}>{POST_TEXT.unavailableTitle}</h1>
        <p className={shared.stateText}>{load.message}</p>
        <div className={styles.stateActions}>
          <button
            type="button"
            className={cx(buttonClasses.base, buttonClasses.primary)}
            onClick={() => setAttempt((count) => count + 1)}
          >
            {POST_TEXT.tryAgain}
          </button>
          <ButtonLink to={backTo} state={backState} icon={<ArrowLeftIcon />}>
            {POST_TEXT.back}
          </ButtonLink>
        </div>
      </section>
    );
  }
  if (load.status === 'missing' || !post) {
    return (
      <section className={cx(centred.centredState, styles.state)}>
        <h1 className={styles.stateTitle}>{POST_TEXT.notFoundTitle}</h1>
        <p className={shared.stateText}>{POST_TEXT.notFoundBody}</p>
        <ButtonLink appearance="primary" to={backTo} icon={<ArrowLeftIcon />}>
          {POST_TEXT.back}
        </ButtonLink>
      </section>
    );
  }

  const title = blogPostTitle(post);
  const image = blogPostImage(post);
  return (
    <article>
      <PageHeader title={title} eyebrow={<time dateTime={post.published_at ?? undefined}>{displayDate(post.published_at)}</time>}>
        {post.excerpt}
      </PageHeader>
      <div className={styles.page}>
        <nav className={styles.crumbs} aria-label="Breadcrumb">
          <ol className={shared.inlineList}>
            <li className={styles.crumbItem}>
              <Link className={styles.crumbLink} to={PATHS.home}>
                Home
              </Link>
            </li>
            <li className={styles.crumbItem}>
              <Link className={styles.crumbLink} to={backTo} state={backState}>
                Blog
              </Link>
            </li>
            <li className={styles.crumbItem} aria-current="page">
              {title}
            </li>
          </ol>
        </nav>
        <ButtonLink className={styles.back} appearance="subtle" to={backTo} state={backState} icon={<ArrowLeftIcon />}>
          {POST_TEXT.back}
        </ButtonLink>
        {admin.enabled && (
          <LazyPart
            part={postAdminTools}
            props={{ post, fromCache: load.fromCache }}
            failure="The blog admin tools could not be loaded. Check your connection and try again."
          />
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
        <KeywordChips post={post} all />
        <div className={styles.body} dangerouslySetInnerHTML={{ __html: html }} />
      </div>
    </article>
  );
}
