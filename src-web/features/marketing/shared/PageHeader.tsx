import type { ReactNode } from 'react';
import styles from './PageHeader.module.css';

interface PageHeaderProps {
  title: ReactNode;
  /** A short line above the title (a post's date, for example). */
  eyebrow?: ReactNode;
  /** The h1's id, for a landmark or section that names itself after the page's title. */
  titleId?: string;
  /** The lead paragraph under the title. */
  children?: ReactNode;
}

/** The top of every public page (not the home and affiliates heroes): its one h1, an optional eyebrow and lead. */
export function PageHeader({ title, eyebrow, titleId, children }: PageHeaderProps) {
  return (
    <header className={styles.pageHeader}>
      {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
      <h1 id={titleId} className={styles.title}>
        {title}
      </h1>
      {children && <p className={styles.lead}>{children}</p>}
    </header>
  );
}
