import type { Ref } from 'react';
import styles from './PageSpinner.module.css';

/**
 * What shows while a page's code or data loads; static CSS, so it costs nothing on the first load.
 * It fills the screen, or with `inline` takes only its own room inside a page.
 */
// The classes are joined in place: importing `cx` (button-styles.ts) here made the bundler split the
// app's entry into several chunks, which cost every page's first load about 1.7 KB.
export function PageSpinner({
  label = 'Loading…',
  inline = false,
  ref,
  tabIndex,
}: {
  label?: string;
  inline?: boolean;
  /** With tabIndex -1, for a page that moves focus onto it (when it replaces the button just pressed). */
  ref?: Ref<HTMLDivElement>;
  tabIndex?: number;
}) {
  return (
    <div className={inline ? `${styles.root} ${styles.inline}` : styles.root} role="status" ref={ref} tabIndex={tabIndex}>
      <span className={styles.ring} aria-hidden />
      <span>{label}</span>
    </div>
  );
}
