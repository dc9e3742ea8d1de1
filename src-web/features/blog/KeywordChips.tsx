import type { BlogPost } from '../../../src-shared/domain/blog-post.ts';
import shared from './shared.module.css';
import styles from './KeywordChips.module.css';
import { chipsOf } from './list-rules.ts';

/** Up to 4 keyword chips and '+N more', or every keyword with `all`. */
export function KeywordChips({ post, all = false }: { post: Pick<BlogPost, 'seo_keyword'>; all?: boolean }) {
  const { shown, more } = chipsOf(post, all);
  if (shown.length === 0) return null;
  return (
    <ul className={shared.inlineList} aria-label="Keywords">
      {shown.map((keyword) => (
        <li key={keyword} className={styles.chip}>
          {keyword}
        </li>
      ))}
      {more > 0 && <li className={`${styles.chip} ${styles.more}`}>+{more} more</li>}
    </ul>
  );
}
