import { TableCell, TableHeaderCell, Title2, mergeClasses } from '@fluentui/react-components';
import { useMemo, type ReactNode } from 'react';
import type { AdminOutcome } from '../api/admin/client.ts';
import { RecordsQuerySchema, type ListPage, type RecordsQuery } from '../domain/admin-lists.ts';
import { maxLengthOf } from '../domain/schema-limits.ts';
import { countSummary, ListStatus, type Noun } from './ListStatus.tsx';
import { ListToolbar } from './ListToolbar.tsx';
import { loadErrorText } from './messages.ts';
import { usePhoneStackStyles, useScreenStyles } from './screen-styles.ts';
import { useDebouncedValue, usePagedList } from './use-paged-list.ts';
import { useViewParams } from './view-params.tsx';
import { VirtualTable } from './VirtualTable.tsx';

export interface RecordColumn<T> {
  header: string;
  cell(item: T): ReactNode;
  className?: string;
  /** The last column, pinned to the table's right edge (its actions): see screen-styles.ts. */
  pinned?: boolean;
}

interface RecordsScreenProps<T> {
  title: string;
  description: string;
  noun: Noun;
  /** The search box's label: what the server looks in. */
  searchLabel: string;
  /** One page of the records the query finds (the query's cursor picks which). */
  load(query: RecordsQuery): Promise<AdminOutcome<ListPage<T>>>;
  columns: RecordColumn<T>[];
  rowKey(item: T): string | number;
  /** Headings inside a dialog are h2; as a page, h1. */
  headingLevel?: 'h1' | 'h2';
  /** A banner under the description (what the operator should know about the whole list). */
  notice?: ReactNode;
}

/** The list's search as kept (in the web's address). */
const RECORDS_VIEW = { q: '' } as const;

/**
 * A read-only operator list (affiliate applications, the outbox) that anyone's actions fill:
 * searched and paged by the server, the next page loaded as the table scrolls near its end.
 */
export function RecordsScreen<T>({
  title,
  description,
  noun,
  searchLabel,
  load,
  columns,
  rowKey,
  headingLevel = 'h1',
  notice,
}: RecordsScreenProps<T>) {
  const styles = useScreenStyles();
  const stack = usePhoneStackStyles();
  const [{ q: search }, setView] = useViewParams(RECORDS_VIEW);
  const q = useDebouncedValue(search.trim());
  const query = useMemo<RecordsQuery>(() => (q ? { q } : {}), [q]);
  const { state, reload, loadMore } = usePagedList(load, query);
  const nouns = noun.other;
  const headingId = `${nouns.replace(/\W+/g, '-')}-title`;

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
        onSearch={(value) => setView({ q: value })}
        searchLabel={searchLabel}
        searchMaxLength={maxLengthOf(RecordsQuerySchema.properties.q)}
        onRefresh={() => void reload()}
        refreshing={state.phase === 'loading'}
      />
      <ListStatus
        empty={state.items.length === 0}
        loadError={
          state.phase === 'error' && state.failure
            ? loadErrorText(state.failure, `Failed to fetch ${nouns}`, 'Network error')
            : null
        }
        loading={state.phase === 'loading'}
        loadingLabel={`Loading ${nouns}…`}
        summary={countSummary(state.items.length, state.total, state.totalIsEstimate, noun)}
      />
      <VirtualTable
        label={title}
        list={state}
        onNearEnd={() => void loadMore()}
        rowKey={rowKey}
        stackOnPhone
        header={columns.map((column) => (
          <TableHeaderCell key={column.header} className={column.pinned ? styles.pinnedEnd : undefined} role="columnheader">
            {column.header}
          </TableHeaderCell>
        ))}
        renderRow={(item) =>
          columns.map((column) => (
            <TableCell
              key={column.header}
              className={mergeClasses(styles.cellTop, column.className, column.pinned && styles.pinnedEnd, stack.cell)}
              role="cell"
            >
              {/* Its column header says it to a screen reader already; the actions name themselves. */}
              {!column.pinned && (
                <span className={stack.label} aria-hidden>
                  {column.header}
                </span>
              )}
              {column.cell(item)}
            </TableCell>
          ))
        }
        footer={
          state.phase === 'ready' &&
          state.items.length === 0 && (
            <p className={styles.empty}>{q ? `No ${nouns} found matching your search.` : `No ${nouns} yet.`}</p>
          )
        }
      />
    </section>
  );
}
