import { makeStyles, tokens } from '@fluentui/react-components';

/** Typography for a post's HTML body, which carries no classes or styles of its own. */
export const usePostBodyStyles = makeStyles({
  root: {
    marginTop: tokens.spacingVerticalXL,
    fontSize: tokens.fontSizeBase400,
    lineHeight: '1.75',
    color: tokens.colorNeutralForeground1,
    overflowWrap: 'break-word',
    '& h2': {
      fontSize: tokens.fontSizeBase600,
      lineHeight: tokens.lineHeightBase600,
      margin: `${tokens.spacingVerticalXXL} 0 ${tokens.spacingVerticalS}`,
    },
    '& h3': { fontSize: tokens.fontSizeBase500, margin: `${tokens.spacingVerticalXL} 0 ${tokens.spacingVerticalS}` },
    '& p': { margin: `0 0 ${tokens.spacingVerticalM}` },
    '& ul, & ol': { paddingLeft: tokens.spacingHorizontalXXL, margin: `0 0 ${tokens.spacingVerticalM}` },
    '& li': { marginBottom: tokens.spacingVerticalXS },
    '& a': { color: tokens.colorBrandForeground1 },
    '& img': { maxWidth: '100%', height: 'auto', borderRadius: tokens.borderRadiusMedium },
    '& blockquote': {
      margin: `${tokens.spacingVerticalM} 0`,
      padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
      borderLeft: `4px solid ${tokens.colorPaletteBerryBorderActive}`,
      color: tokens.colorNeutralForeground2,
    },
    '& pre': {
      overflowX: 'auto',
      padding: tokens.spacingHorizontalM,
      backgroundColor: tokens.colorNeutralBackground3,
      borderRadius: tokens.borderRadiusMedium,
    },
    '& table': {
      borderCollapse: 'collapse',
      width: '100%',
      margin: `0 0 ${tokens.spacingVerticalM}`,
      display: 'block',
      overflowX: 'auto',
    },
    '& th, & td': {
      border: `1px solid ${tokens.colorNeutralStroke2}`,
      padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
      textAlign: 'left',
    },
    '& th': { backgroundColor: tokens.colorNeutralBackground3 },
  },
});
