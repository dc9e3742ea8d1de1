import { makeStyles, tokens } from '@fluentui/react-components';

/** The frame every account page shares. */
export const usePageStyles = makeStyles({
  page: {
    maxWidth: '1040px',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalXXXL}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXL,
    '@media (max-width: 599px)': {
      padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalM} ${tokens.spacingVerticalXXL}`,
    },
  },
  narrow: { maxWidth: '760px' },
  heading: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
  },
  // A customer's name or address may be one long word: it wraps rather than push the page sideways on a phone.
  title: { margin: 0, overflowWrap: 'anywhere' },
  longText: { overflowWrap: 'anywhere' },
  subtitle: { margin: 0, color: tokens.colorNeutralForeground2 },
  card: {
    padding: tokens.spacingHorizontalXL,
    '& h2': { margin: 0 },
    '@media (max-width: 599px)': { padding: tokens.spacingHorizontalL },
  },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  grid2: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalL,
    '@media (max-width: 599px)': { gridTemplateColumns: '1fr' },
  },
  actions: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    flexWrap: 'wrap',
    justifyContent: 'flex-end',
    '@media (max-width: 599px)': { '& > *': { flexGrow: 1 } },
  },
});
