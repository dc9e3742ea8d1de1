import type { ReactNode } from 'react';
import { useScreenStyles } from './screen-styles.ts';

/**
 * The bordered box an admin table scrolls sideways in on a narrow screen. It takes focus, so a
 * keyboard can scroll it even when the table holds no button or link (axe:
 * scrollable-region-focusable), and names itself after the table.
 */
export function TableScroller(props: { label: string; children: ReactNode }) {
  const styles = useScreenStyles();
  return (
    <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={`${props.label}, scrollable`}>
      {props.children}
    </div>
  );
}
