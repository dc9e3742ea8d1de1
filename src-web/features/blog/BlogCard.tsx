import { makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { BlogPost } from '../../../src-shared/domain/blog-post.ts';
import { blogPostPath } from '../../../src-shared/domain/routes.ts';
import { useClientNavigation } from '../../components/use-client-navigation.ts';
import { KeywordChips } from './KeywordChips.tsx';
import { PLACEHOLDER_IMAGE } from './placeholder-image.ts';
import { displayDate, displayExcerpt, displayTitle, imageOf } from './post-display.ts';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow4,
    overflow: 'hidden',
    transitionProperty: 'box-shadow, transform',
    transitionDuration: tokens.durationNormal,
    ':hover': { boxShadow: tokens.shadow16, transform: 'translateY(-2px)' },
    '@media (prefers-reduced-motion: reduce)': { transitionDuration: '0s', ':hover': { transform: 'none' } },
  },
  image: {
    display: 'block',
    width: '100%',
    height: 'auto',
    aspectRatio: '1200 / 630',
    objectFit: 'cover',
    backgroundColor: '#e8eaf6',
  },
  body: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    flexGrow: 1,
  },
  date: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  title: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
  },
  titleLink: {
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    ':hover': { color: tokens.colorBrandForeground1 },
  },
  excerpt: {
    margin: 0,
    color: tokens.colorNeutralForeground2,
    display: '-webkit-box',
    WebkitLineClamp: 3,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  },
  /** Read by screen readers and crawlers, so each 'Read More' names its post. */
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
  readMore: {
    marginTop: 'auto',
    paddingTop: tokens.spacingVerticalS,
    alignSelf: 'flex-start',
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    textDecorationLine: 'none',
    ':hover': { textDecorationLine: 'underline' },
  },
});

/** One post on the list (spec §2): image, date, title, excerpt, chips and 'Read More'. */
export function BlogCard({ post, eager = false }: { post: BlogPost; eager?: boolean }) {
  const styles = useStyles();
  const go = useClientNavigation();
  const image = imageOf(post);
  const [src, setSrc] = useState(image?.src ?? PLACEHOLDER_IMAGE);
  const title = displayTitle(post);
  const to = blogPostPath(post.slug);
  return (
    <article className={styles.card}>
      <img
        className={styles.image}
        src={src}
        alt={image?.alt ?? ''}
        width={1200}
        height={630}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        onError={() => setSrc(PLACEHOLDER_IMAGE)}
      />
      <div className={styles.body}>
        <time className={styles.date} dateTime={post.published_at ?? undefined}>
          {displayDate(post.published_at)}
        </time>
        <h2 className={styles.title}>
          <a className={styles.titleLink} href={to} onClick={go(to)}>
            {title}
          </a>
        </h2>
        <p className={styles.excerpt}>{displayExcerpt(post)}</p>
        <KeywordChips post={post} />
        <a className={styles.readMore} href={to} onClick={go(to)}>
          Read More<span className={styles.hidden}>: {title}</span>
        </a>
      </div>
    </article>
  );
}
