import { createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-components';

/** Indigo, the brand's primary colour, as Fluent's 16-step brand ramp; 80 is the base. */
const indigo: BrandVariants = {
  10: '#05061a',
  20: '#0d1033',
  30: '#141a4d',
  40: '#1a2266',
  50: '#202a7a',
  60: '#26328c',
  70: '#2c3a9e',
  80: '#3f51b5',
  90: '#5565c0',
  100: '#6a78c9',
  110: '#7f8bd2',
  120: '#949eda',
  130: '#a9b1e3',
  140: '#bec5eb',
  150: '#d4d8f3',
  160: '#e9ebf9',
};

export const hireAssistTheme: Theme = {
  ...createLightTheme(indigo),
  // The brand typeface (self-hosted in global.css), then Arial sized like it while it loads, then the system's.
  fontFamilyBase:
    "'Inter Variable', 'Inter Fallback', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
};

/**
 * The theme as CSS custom properties on :root, the same ones FluentProvider would set: the
 * web build writes them into index.html, so pages need neither FluentProvider's CSS-in-JS
 * nor the theme computed in the browser, and Fluent components lower down still find them.
 * @public Used by vite.config.ts, the build, which knip's --production run does not follow.
 */
export function themeCssVariables(theme: Theme): string {
  const declarations = Object.entries(theme).map(([name, value]) => `--${name}:${String(value)}`);
  return `:root{${declarations.join(';')}}`;
}
