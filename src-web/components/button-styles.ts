import { makeStyles, shorthands, tokens } from '@fluentui/react-components';

/**
 * Fluent's button look for plain <button> and <a> elements, for the parts of every page
 * (header, footer) that must stay light: Fluent's Button component brings its focus
 * management library with it.
 */
export const useButtonStyles = makeStyles({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalXS,
    minHeight: '32px',
    padding: `0 ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    ...shorthands.border('1px', 'solid', 'transparent'),
    fontFamily: 'inherit',
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightBase300,
    textDecorationLine: 'none',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  primary: {
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover },
  },
  subtle: {
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground1,
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
  },
  icon: { padding: 0, width: '40px', minHeight: '40px' },
});
