import { Spinner } from '@fluentui/react-components';
import { ErrorBar, SuccessBar } from '../ui/MessageBars.tsx';
import type { ReactNode } from 'react';
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
