import { makeStyles, tokens } from '@fluentui/react-components';

/**
 * A phone's width (the public site's too), where an admin table no longer fits: the users table
 * keeps only its first columns in view beside its actions; the records' tables stack each row
 * (usePhoneStackStyles), and so does the audit log in its own way.
 */
export const PHONE = '@media (max-width: 599px)';

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
  /** A column of free text someone wrote at length: wide enough to read, its cell clamped (clampedText). */
  longText: { minWidth: '160px', maxWidth: '320px' },
  /**
   * Free text cut to three lines in its cell, so one long answer never makes its row a wall with
   * the row's name and date far out of view; the whole of it is in the record's detail drawer.
   */
  clampedText: {
    display: '-webkit-box',
    WebkitBoxOrient: 'vertical',
    WebkitLineClamp: 3,
    overflow: 'hidden',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
  /** A record's cells start at the row's top: a taller cell beside them leaves them where the eye starts. */
  cellTop: { verticalAlign: 'top' },
  /** A record's name as the button that opens it, reading as the name it is. */
  openButton: { textAlign: 'start', fontWeight: 'inherit', minWidth: 0, padding: 0, height: 'auto' },
  /**
   * A name, address or link someone typed, as long as they made it: it breaks anywhere rather than
   * push the row's other columns out of view, and never into a sliver: 120 px leaves an
   * application's audience and motivation room to read in a 1280 px window (stacked on a phone).
   */
  longValue: { overflowWrap: 'anywhere', minWidth: '120px', maxWidth: '240px' },
});

/** Out of sight but read by screen readers (a chart's table of figures, a table's column headers when its cells say their own). */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * A table whose records read as a column of cards on a phone, as the audit log's rows do: each
 * cell a line under the one before, its field's name beside its value, so nothing scrolls
 * sideways. The header row stays for screen readers only, and the table's parts carry their roles
 * explicitly (VirtualTable's stackOnPhone, RecordsScreen's cells): a browser may stop reading a
 * table as one once its parts are laid out as blocks.
 */
export const usePhoneStackStyles = makeStyles({
  table: { [PHONE]: { display: 'block', minWidth: 0 } },
  header: { [PHONE]: VISUALLY_HIDDEN },
  body: { [PHONE]: { display: 'block' } },
  row: {
    [PHONE]: {
      display: 'block',
      height: 'auto',
      padding: `${tokens.spacingVerticalS} 0`,
      borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    },
  },
  cell: {
    [PHONE]: {
      display: 'grid',
      gridTemplateColumns: '88px minmax(0, 1fr)',
      gap: tokens.spacingHorizontalS,
      // A badge or button keeps its own width rather than stretch across the line.
      justifyItems: 'start',
      height: 'auto',
      minWidth: 0,
      maxWidth: 'none',
      padding: `2px ${tokens.spacingHorizontalM}`,
      whiteSpace: 'normal',
      overflowWrap: 'anywhere',
      // The pinned actions column is just the last line on a phone.
      position: 'static',
      boxShadow: 'none',
    },
  },
  /** The field's name on a phone; beside a column header that says it already, hidden elsewhere. */
  label: { display: 'none', [PHONE]: { display: 'block', color: tokens.colorNeutralForeground3 } },
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
