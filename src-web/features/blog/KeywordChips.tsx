import { makeStyles, tokens } from '@fluentui/react-components';
import type { BlogPost } from '../../../src-shared/domain/blog-post.ts';
import { chipsOf } from './list-rules.ts';

const useStyles = makeStyles({
  list: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, listStyleType: 'none', margin: 0, padding: 0 },
  chip: {
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    borderRadius: tokens.borderRadiusCircular,
    padding: `2px ${tokens.spacingHorizontalS}`,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
  },
  more: { backgroundColor: tokens.colorNeutralBackground3, color: tokens.colorNeutralForeground2 },
});

/** Up to 4 keyword chips and '+N more' (spec §2), or every keyword with `all`. */
export function KeywordChips({ post, all = false }: { post: Pick<BlogPost, 'seo_keyword'>; all?: boolean }) {
  const styles = useStyles();
  const { shown, more } = chipsOf(post, all);
  if (shown.length === 0) return null;
  return (
    <ul className={styles.list} aria-label="Keywords">
      {shown.map((keyword) => (
        <li key={keyword} className={styles.chip}>
          {keyword}
        </li>
      ))}
      {more > 0 && <li className={`${styles.chip} ${styles.more}`}>+{more} more</li>}
    </ul>
  );
}
