import { useState } from 'react';
import { blogPostImage, blogPostTitle, type BlogPost } from '../../../src-shared/domain/blog-post.ts';
import { blogPostPath } from '../../../src-shared/domain/routes.ts';
import { useClientNavigation } from '../../components/use-client-navigation.ts';
import styles from './BlogCard.module.css';
import { KeywordChips } from './KeywordChips.tsx';
import type { OpenedFromList } from './list-return.ts';
import { PLACEHOLDER_IMAGE } from './placeholder-image.ts';
import { displayDate, displayExcerpt } from './post-display.ts';

/** One post on the list (its address's query `listSearch`, for the post's way back): image, date, title, excerpt, chips and 'Read More'. */
export function BlogCard({ post, listSearch, eager = false }: { post: BlogPost; listSearch: string; eager?: boolean }) {
  const go = useClientNavigation();
  const image = blogPostImage(post);
  const [src, setSrc] = useState(image?.src ?? PLACEHOLDER_IMAGE);
  const title = blogPostTitle(post);
  const to = blogPostPath(post.slug);
  const open = go(to, { blogListSearch: listSearch } satisfies OpenedFromList);
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
          <a className={styles.titleLink} href={to} onClick={open}>
            {title}
          </a>
        </h2>
        <p className={styles.excerpt}>{displayExcerpt(post)}</p>
        <KeywordChips post={post} />
        <a className={styles.readMore} href={to} onClick={open}>
          {/* Screen readers and crawlers hear which post each 'Read More' opens. One hidden span with
              the whole name: a hidden span after visible text made Chromium read "Read More : …". */}
          <span aria-hidden="true">Read More</span>
          <span className="visually-hidden">Read More: {title}</span>
        </a>
      </div>
    </article>
  );
}
