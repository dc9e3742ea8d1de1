import { Button, Input, makeStyles, ProgressBar, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ArrowDownloadRegular, DismissRegular, SearchRegular } from '@fluentui/react-icons';
import type { ReactNode, Ref } from 'react';

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  search: { flexGrow: 1, minWidth: '220px', maxWidth: '420px' },
  // Its width (set below, the text's alone) makes the search's preferred size among the tools.
  searchInput: { boxSizing: 'content-box' },
  progress: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexBasis: '100%' },
  bar: { flexGrow: 1, maxWidth: '320px' },
});

interface ListToolbarProps {
  search: string;
  onSearch(value: string): void;
  searchLabel: string;
  /** The longest search the list's query takes (its schema's `q`). */
  searchMaxLength: number;
  /** The search box, for a screen that gives it the focus back (after its row went away). */
  searchRef?: Ref<HTMLInputElement>;
  onRefresh(): void;
  refreshing: boolean;
  onExport?(): void;
  exportDisabled?: boolean;
  /** While an export streams: the bytes written so far and how to stop it. */
  exporting?: { bytes: number; onCancel(): void } | null;
  /** More filters, between the search and the buttons. */
  children?: ReactNode;
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** Search, filters, Refresh and Export CSV above an admin list. */
export function ListToolbar({ searchRef, ...props }: ListToolbarProps) {
  const styles = useStyles();
  return (
    // A group, not a "toolbar": that role promises one Tab stop and arrow keys between the tools,
    // which a search box (its caret) and selects (their choices) need for themselves.
    <div className={styles.root} role="group" aria-label="List tools">
      <Input
        className={styles.search}
        type="search"
        value={props.search}
        placeholder={props.searchLabel}
        aria-label={props.searchLabel}
        // As wide as its placeholder (a ch, the width of a '0', is wider than most letters), so the
        // filters beside it wrap to the next line before its text is cut; alone on a line narrower
        // than that (a phone), it still shrinks to fit.
        input={{ className: styles.searchInput, style: { width: `${props.searchLabel.length}ch` } }}
        ref={searchRef}
        maxLength={props.searchMaxLength}
        contentBefore={<SearchRegular aria-hidden />}
        onChange={(_event, data) => props.onSearch(data.value)}
      />
      {props.children}
      {/* Focusable while it loads: pressed with the keyboard, it keeps the focus. */}
      <Button icon={<ArrowClockwiseRegular />} onClick={props.onRefresh} disabledFocusable={props.refreshing}>
        Refresh
      </Button>
      {props.onExport && (
        // Focusable while it exports, as Refresh while it loads: pressed with the keyboard, it keeps the focus.
        <Button
          icon={<ArrowDownloadRegular />}
          appearance="primary"
          onClick={props.onExport}
          disabled={props.exportDisabled && !props.exporting}
          disabledFocusable={Boolean(props.exporting)}
        >
          Export CSV
        </Button>
      )}
      {props.exporting && (
        <div className={styles.progress} role="status">
          <ProgressBar className={styles.bar} aria-label="Export progress" />
          <span>Exporting… {megabytes(props.exporting.bytes)} written</span>
          <Button size="small" icon={<DismissRegular />} onClick={props.exporting.onCancel}>
            Cancel export
          </Button>
        </div>
      )}
    </div>
  );
}
