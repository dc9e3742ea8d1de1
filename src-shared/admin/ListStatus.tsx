import { Spinner } from '@fluentui/react-components';
import { ErrorBar, SuccessBar } from '../ui/MessageBars.tsx';
import type { ReactNode } from 'react';
import { figure } from './messages.ts';
import { useScreenStyles } from './screen-styles.ts';
import type { CsvExportState } from './use-csv-export.ts';

interface ListStatusProps {
  /** The load failure's text, shown in a red banner. */
  loadError: string | null;
  /** The last export's failure, or where it went (shown until the next one). */
  exported?: Pick<CsvExportState, 'error' | 'notice'>;
  loading: boolean;
  loadingLabel: string;
  /** 'Showing X of Y …', announced politely when it changes. */
  summary: ReactNode;
  /** Nothing is listed: after a failure there is then nothing to count (the error says why). */
  empty: boolean;
}

/** What one record is called, and several: { one: 'application', other: 'applications' }. */
export interface Noun {
  one: string;
  other: string;
}

/**
 * 'Showing X of Y …', or 'of about Y' when the server could only estimate; the noun agrees with
 * the number it follows, the total when there is one ('Showing 1 of 1 application').
 */
export function countSummary(shown: number, total: number | null, isEstimate: boolean, noun: Noun): string {
  const nounFor = (count: number) => (count === 1 ? noun.one : noun.other);
  if (total === null) return `Showing ${figure(shown)} ${nounFor(shown)}`;
  return `Showing ${figure(shown)} of ${isEstimate ? 'about ' : ''}${figure(total)} ${nounFor(total)}`;
}

/** What sits between a list screen's toolbar and its table: errors, then loading or the count. */
export function ListStatus({
  loadError,
  exported = { error: null, notice: null },
  loading,
  loadingLabel,
  summary,
  empty,
}: ListStatusProps) {
  const styles = useScreenStyles();
  return (
    <>
      <ErrorBar message={loadError} />
      <ErrorBar message={exported.error} />
      <SuccessBar message={exported.notice} />
      <div className={styles.status} aria-live="polite">
        {loading ? <Spinner size="tiny" label={loadingLabel} /> : loadError !== null && empty ? null : summary}
      </div>
    </>
  );
}
