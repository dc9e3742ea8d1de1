import type { ReactNode } from 'react';
import styles from './marketing.module.css';

/** The top of a public page: its one h1 and a lead paragraph. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className={styles.pageHeader}>
      <h1>{title}</h1>
      {children && <p className={styles.lead}>{children}</p>}
    </header>
  );
}
