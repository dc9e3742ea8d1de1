import { Button, Input, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ArrowDownloadRegular, SearchRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  search: { flexGrow: 1, minWidth: '220px', maxWidth: '420px' },
});

interface ListToolbarProps {
  search: string;
  onSearch(value: string): void;
  searchLabel: string;
  onRefresh(): void;
  refreshing: boolean;
  onExport?(): void;
  exportDisabled?: boolean;
}

/** Search, Refresh and Export CSV above an admin list. */
export function ListToolbar(props: ListToolbarProps) {
  const styles = useStyles();
  return (
    <div className={styles.root} role="toolbar" aria-label="List tools">
      <Input
        className={styles.search}
        type="search"
        value={props.search}
        placeholder={props.searchLabel}
        aria-label={props.searchLabel}
        contentBefore={<SearchRegular aria-hidden />}
        onChange={(_event, data) => props.onSearch(data.value)}
      />
      <Button icon={<ArrowClockwiseRegular />} onClick={props.onRefresh} disabled={props.refreshing}>
        Refresh
      </Button>
      {props.onExport && (
        <Button icon={<ArrowDownloadRegular />} appearance="primary" onClick={props.onExport} disabled={props.exportDisabled}>
          Export CSV
        </Button>
      )}
    </div>
  );
}
