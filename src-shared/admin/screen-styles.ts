import { makeStyles, tokens } from '@fluentui/react-components';

/** A phone's width, where an admin table keeps only its first columns in view beside its actions. */
export const PHONE = '@media (max-width: 480px)';

/** The layout every admin screen shares: a header, tools, a status line, a scrolling table. */
export const useScreenStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    // Room at the top for the web app's 'ADMIN MODE' box, which sits at the top left.
    padding: `44px ${tokens.spacingHorizontalL} ${tokens.spacingVerticalXL}`,
    maxWidth: '1200px',
    margin: '0 auto',
    width: '100%',
    boxSizing: 'border-box',
  },
  heading: { margin: 0 },
  subtitle: { color: tokens.colorNeutralForeground3, margin: 0 },
  status: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground2 },
  tableWrap: {
    overflowX: 'auto',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  // Columns size to their content; a narrow screen scrolls the table sideways.
  table: { minWidth: '640px', tableLayout: 'auto' },
  empty: { padding: tokens.spacingVerticalXXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
  nowrap: { whiteSpace: 'nowrap' },
  /** Long ids (generated usernames) cut to one line; the full value is in the cell's title. */
  truncate: { maxWidth: '120px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  // On a phone the buttons stack: the pinned column is half as wide and leaves the row's first
  // columns (who it is) in view beside it.
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, whiteSpace: 'nowrap', [PHONE]: { flexDirection: 'column' } },
  /**
   * The actions column, pinned to the right edge of a table that scrolls sideways: the other
   * columns pass under it, so a narrow window never hides what the operator came to do.
   */
  pinnedEnd: {
    position: 'sticky',
    right: 0,
    zIndex: 1,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: `-1px 0 0 ${tokens.colorNeutralStroke2}`,
  },
  wrapText: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: '320px' },
  /**
   * A name, address or link someone typed, as long as they made it: it breaks anywhere rather than
   * push the row's other columns out of view, and never into a sliver on a phone.
   */
  longValue: { overflowWrap: 'anywhere', minWidth: '160px', maxWidth: '240px' },
});

/**
 * A timestamp as the operator reads it: in their own format, but in UTC and saying so. The
 * From/To filters and the chart count UTC days and the CSV's Created At is UTC, so a row shows
 * on the day those put it in (in the operator's zone, a lead the filter for 1 March finds could
 * read 28 February).
 */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { timeZone: 'UTC', timeZoneName: 'short' });
}
