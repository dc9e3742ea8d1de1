import {
  mergeClasses,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Title2,
} from '@fluentui/react-components';
import { useMemo, useState, type ReactNode } from 'react';
import type { AdminOutcome } from '../api/admin/client.ts';
import { ListStatus } from './ListStatus.tsx';
import { ListToolbar } from './ListToolbar.tsx';
import { loadErrorText } from './messages.ts';
import { useScreenStyles } from './screen-styles.ts';
import { useAdminList } from './use-admin-list.ts';
import { ShowMoreRows, useRowWindow } from './use-row-window.tsx';
import { TableScroller } from './TableScroller.tsx';

export interface RecordColumn<T> {
  header: string;
  cell(item: T): ReactNode;
  /** The text the search box looks in; columns without it are not searched. */
  text?(item: T): string;
  className?: string;
  /** The last column, pinned to the table's right edge (its actions): see screen-styles.ts. */
  pinned?: boolean;
}

interface RecordsScreenProps<T> {
  title: string;
  description: string;
  noun: string;
  load(): Promise<AdminOutcome<T[]>>;
  columns: RecordColumn<T>[];
  rowKey(item: T): string | number;
  /** Headings inside a dialog are h2; as a page, h1. */
  headingLevel?: 'h1' | 'h2';
  /** A banner under the description (what the operator should know about the whole list). */
  notice?: ReactNode;
}

/** A read-only operator list (audit log, outbox, affiliate applications): search, refresh, table. */
export function RecordsScreen<T>({
  title,
  description,
  noun,
  load,
  columns,
  rowKey,
  headingLevel = 'h1',
  notice,
}: RecordsScreenProps<T>) {
  const styles = useScreenStyles();
  const { state, reload } = useAdminList(load);
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const query = search.trim().toLowerCase();
    if (query === '') return state.items;
    return state.items.filter((item) => columns.some((column) => column.text?.(item).toLowerCase().includes(query)));
  }, [state.items, search, columns]);
  const rows = useRowWindow(shown);
  const headingId = `${noun.replace(/\W+/g, '-')}-title`;

  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <div>
        <Title2 as={headingLevel} id={headingId} className={styles.heading}>
          {title}
        </Title2>
        <p className={styles.subtitle}>{description}</p>
      </div>
      {notice}
      <ListToolbar
        search={search}
        onSearch={setSearch}
        searchLabel={`Search ${noun}`}
        onRefresh={() => void reload()}
        refreshing={state.phase === 'loading'}
      />
      <ListStatus
        loadError={state.phase === 'error' ? loadErrorText(state.failure, `Failed to fetch ${noun}`, 'Network error') : null}
        loading={state.phase === 'loading'}
        loadingLabel={`Loading ${noun}…`}
        summary={`Showing ${shown.length} of ${state.items.length} ${noun}`}
      />
      <TableScroller label={title}>
        <Table className={styles.table} aria-label={title} size="small">
          <TableHeader>
            <TableRow>
              {columns.map((column) => (
                <TableHeaderCell key={column.header} className={column.pinned ? styles.pinnedEnd : undefined}>
                  {column.header}
                </TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.visible.map((item) => (
              <TableRow key={rowKey(item)}>
                {columns.map((column) => (
                  <TableCell key={column.header} className={mergeClasses(column.className, column.pinned && styles.pinnedEnd)}>
                    {column.cell(item)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ShowMoreRows hidden={rows.hidden} onShowMore={rows.showMore} />
        {state.phase !== 'loading' && shown.length === 0 && (
          <p className={styles.empty}>
            {state.items.length === 0 ? `No ${noun} yet.` : `No ${noun} found matching your search.`}
          </p>
        )}
      </TableScroller>
    </section>
  );
}
