import {
  Button,
  makeStyles,
  mergeClasses,
  Spinner,
  Table,
  TableBody,
  TableHeader,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type Key, type ReactNode } from 'react';
import { usePhoneStackStyles } from './screen-styles.ts';
import type { PagedListState } from './use-paged-list.ts';

const useStyles = makeStyles({
  scroller: {
    maxHeight: 'min(70vh, 760px)',
    overflow: 'auto',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  table: { minWidth: '640px', tableLayout: 'auto' },
  header: { position: 'sticky', top: 0, zIndex: 1, backgroundColor: tokens.colorNeutralBackground1 },
  more: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalS },
});

/** How far from the last loaded row the next page is asked for. */
const PREFETCH_ROWS = 40;
/** A small table row's height, until each row is measured. */
const ROW_HEIGHT = 41;
const SCREENFUL = { width: 1024, height: 760 };

interface VirtualTableProps<T> {
  label: string;
  /**
   * The pages loaded so far; its total (all the rows the search finds, when known) gives
   * screen readers their "row N of M" (without a total: of the rows loaded, once all are).
   */
  list: Pick<PagedListState<T>, 'phase' | 'items' | 'total' | 'totalIsEstimate' | 'nextCursor' | 'loadingMore'>;
  /** Asks for the next page (there is one). */
  onNearEnd(): void;
  /** The header row's cells. */
  header: ReactNode;
  rowKey(item: T): Key;
  /** A row's cells. */
  renderRow(item: T): ReactNode;
  /** Below the table: the empty list's sentence. */
  footer?: ReactNode;
  /**
   * On a phone, each row a card of labelled lines (see usePhoneStackStyles; the cells carry
   * their own classes and labels). Without it the table scrolls sideways in its box, as the
   * users table does with its actions pinned beside the row's first columns.
   */
  stackOnPhone?: boolean;
}

/**
 * The table's rows for screen readers, its header among them: -1 (ARIA's "unknown") while a list
 * that is not counted (or only estimated) has more pages to load, rather than the loaded rows as
 * if they were all, or a guess read out as a fact ("row 3 of 1,000,001").
 */
function rowCount(total: number | null, totalIsEstimate: boolean, loaded: number, hasMore: boolean): number {
  if (total !== null && !totalIsEstimate) return total + 1;
  return hasMore ? -1 : loaded + 1;
}

/**
 * A table that draws only the rows in view (and a few around them), asking for the next page
 * as the operator scrolls near the end. It stays a real table for screen readers: spacer
 * rows keep the scroll height, and aria-rowcount / aria-rowindex say where each row is.
 */
export function VirtualTable<T>(props: VirtualTableProps<T>) {
  const styles = useStyles();
  const stack = usePhoneStackStyles();
  const stacked = props.stackOnPhone === true;
  // Explicit roles: a browser may read a table whose parts are not laid out as one as plain text.
  const roleWhenStacked = (role: string) => (stacked ? role : undefined);
  const scroller = useRef<HTMLDivElement>(null);
  const { onNearEnd } = props;
  const { items, total, totalIsEstimate, loadingMore } = props.list;
  const hasMore = props.list.nextCursor !== null;
  // The next page failed (the error says why above the table): scrolling no longer asks for it, this button does.
  const moreFailed = hasMore && !loadingMore && props.list.phase === 'error' && items.length > 0;
  // eslint-disable-next-line react-hooks/incompatible-library -- its functions are called while rendering only
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // Without layout (a hidden table, a test's DOM) there is no size to measure: draw a screenful.
    initialRect: SCREENFUL,
    observeElementRect: (instance, update) => observeElementRect(instance, (rect) => update(rect.height > 0 ? rect : SCREENFUL)),
  });
  const rows = virtualizer.getVirtualItems();
  const lastIndex = rows.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasMore && !moreFailed && lastIndex >= items.length - PREFETCH_ROWS) onNearEnd();
  }, [hasMore, moreFailed, lastIndex, items.length, onNearEnd]);

  const paddingTop = rows[0]?.start ?? 0;
  const paddingBottom = rows.length > 0 ? virtualizer.getTotalSize() - (rows.at(-1)?.end ?? 0) : 0;
  return (
    <div ref={scroller} className={styles.scroller} tabIndex={0} role="region" aria-label={`${props.label}, scrollable`}>
      <Table
        className={mergeClasses(styles.table, stacked && stack.table)}
        role={roleWhenStacked('table')}
        aria-label={props.label}
        aria-rowcount={rowCount(total, totalIsEstimate, items.length, hasMore)}
        size="small"
      >
        <TableHeader className={mergeClasses(styles.header, stacked && stack.header)} role={roleWhenStacked('rowgroup')}>
          <TableRow aria-rowindex={1} role={roleWhenStacked('row')}>
            {props.header}
          </TableRow>
        </TableHeader>
        <TableBody className={stacked ? stack.body : undefined} role={roleWhenStacked('rowgroup')}>
          {paddingTop > 0 && <tr aria-hidden style={{ height: paddingTop }} />}
          {rows.map((row) => {
            const item = items[row.index] as T;
            return (
              <TableRow
                key={props.rowKey(item)}
                data-index={row.index}
                ref={virtualizer.measureElement}
                aria-rowindex={row.index + 2}
                className={stacked ? stack.row : undefined}
                role={roleWhenStacked('row')}
              >
                {props.renderRow(item)}
              </TableRow>
            );
          })}
          {paddingBottom > 0 && <tr aria-hidden style={{ height: paddingBottom }} />}
        </TableBody>
      </Table>
      {loadingMore && (
        <div className={styles.more}>
          <Spinner size="tiny" label="Loading more…" />
        </div>
      )}
      {moreFailed && (
        <div className={styles.more}>
          {/* The button gives way to the spinner, then the rows: the focus goes to the table they scroll in. */}
          <Button
            onClick={() => {
              scroller.current?.focus();
              onNearEnd();
            }}
          >
            Load more
          </Button>
        </div>
      )}
      {props.footer}
    </div>
  );
}
