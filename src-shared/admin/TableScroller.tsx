import type { ReactNode, Ref } from 'react';
import { useScreenStyles } from './screen-styles.ts';

/**
 * The bordered box an admin table scrolls sideways in on a narrow screen. It takes focus, so a
 * keyboard can scroll it even when the table holds no button or link (axe:
 * scrollable-region-focusable), and names itself after the table.
 */
export function TableScroller({ label, children, ref }: { label: string; children: ReactNode; ref?: Ref<HTMLDivElement> }) {
  const styles = useScreenStyles();
  return (
    <div ref={ref} className={styles.tableWrap} tabIndex={0} role="region" aria-label={`${label}, scrollable`}>
      {children}
    </div>
  );
}
