import styles from './PageSpinner.module.css';

/** What shows while a page's code loads; static CSS, so it costs nothing on the first load. */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className={styles.root} role="status">
      <span className={styles.ring} aria-hidden />
      <span>{label}</span>
    </div>
  );
}
