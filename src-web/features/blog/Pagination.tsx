import { buttonClasses, cx } from '../../components/button-styles.ts';
import shared from './shared.module.css';
import styles from './Pagination.module.css';

/** Page buttons for the blog list; the current page is marked for assistive technology. */
export function Pagination({ page, count, onChange }: { page: number; count: number; onChange(page: number): void }) {
  if (count <= 1) return null;
  const button = (target: number, label: string, name?: string) => (
    <li key={name ?? label}>
      <button
        type="button"
        className={cx(buttonClasses.base, buttonClasses.subtle, styles.page, target === page && !name && styles.current)}
        aria-current={target === page && !name ? 'page' : undefined}
        aria-label={name ?? `Page ${target}`}
        disabled={target < 1 || target > count}
        onClick={() => onChange(target)}
      >
        {label}
      </button>
    </li>
  );
  return (
    <nav className={styles.nav} aria-label="Blog pages">
      <ul className={shared.inlineList}>
        {button(page - 1, '‹ Previous', 'Previous page')}
        {Array.from({ length: count }, (_, index) => button(index + 1, String(index + 1)))}
        {button(page + 1, 'Next ›', 'Next page')}
      </ul>
    </nav>
  );
}
