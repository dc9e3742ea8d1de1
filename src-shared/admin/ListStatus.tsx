import { MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useScreenStyles } from './screen-styles.ts';

interface ListStatusProps {
  /** The load failure's text, shown in a red banner. */
  loadError: string | null;
  exportError?: string | null;
  /** Where the last export went, shown until the next one. */
  exportNotice?: string | null;
  loading: boolean;
  loadingLabel: string;
  /** 'Showing X of Y …', announced politely when it changes. */
  summary: ReactNode;
}

/** What sits between a list screen's toolbar and its table: errors, then loading or the count. */
export function ListStatus({
  loadError,
  exportError = null,
  exportNotice = null,
  loading,
  loadingLabel,
  summary,
}: ListStatusProps) {
  const styles = useScreenStyles();
  return (
    <>
      {[loadError, exportError].map(
        (message, index) =>
          message && (
            <MessageBar key={index} intent="error" role="alert">
              <MessageBarBody>{message}</MessageBarBody>
            </MessageBar>
          ),
      )}
      {exportNotice && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{exportNotice}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.status} aria-live="polite">
        {loading ? <Spinner size="tiny" label={loadingLabel} /> : summary}
      </div>
    </>
  );
}
