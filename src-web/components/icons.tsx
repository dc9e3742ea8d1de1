/**
 * The few icons the public pages use, as plain SVG: Fluent's icon components style themselves
 * with Griffel at run time, which would put its CSS-in-JS engine on the first load of every
 * page. Paths are Fluent UI System Icons (MIT), so the look matches the rest of the app.
 * These are the shell's (header, footer) and the home page's first screen; the other pages'
 * icons are in page-icons.tsx, so they load with those pages rather than with every first load.
 */
import type { SVGProps } from 'react';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'viewBox' | 'children'> & { size?: number };

export function icon(box: number, paths: readonly string[]) {
  return function Icon({ size = box, ...props }: IconProps) {
    return (
      <svg width={size} height={size} viewBox={`0 0 ${box} ${box}`} fill="currentColor" aria-hidden focusable="false" {...props}>
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

export const ChevronDownIcon = /* @__PURE__ */ icon(20, [
  'M15.85 7.65c.2.2.2.5 0 .7l-5.46 5.49a.55.55 0 0 1-.78 0L4.15 8.35a.5.5 0 1 1 .7-.7L10 12.8l5.15-5.16c.2-.2.5-.2.7 0',
]);
export const MenuIcon = /* @__PURE__ */ icon(24, [
  'M2.75 18h18.5a.75.75 0 0 1 .1 1.5H2.75a.75.75 0 0 1-.1-1.5zh18.5zm0-6.5h18.5a.75.75 0 0 1 .1 1.5H2.75a.75.75 0 0 1-.1-1.5zh18.5zm0-6.5h18.5a.75.75 0 0 1 .1 1.5H2.75a.75.75 0 0 1-.1-1.49zh18.5z',
]);
export const ShieldCheckmarkIcon = /* @__PURE__ */ icon(20, [
  'M9.72 2.08a.5.5 0 0 1 .56 0q2.9 1.94 6.3 2.43A.5.5 0 0 1 17 5v4.6q-.48-.25-1-.4V5.44a16 16 0 0 1-5.6-2.08L10 3.1l-.4.25A16 16 0 0 1 4 5.43V9.5c0 3.24 1.8 5.64 5.48 7.25q.3.65.74 1.2l-.04.02a.5.5 0 0 1-.36 0C5.31 16.23 3 13.39 3 9.5V5a.5.5 0 0 1 .43-.5 15 15 0 0 0 6.3-2.42M19 14.5a4.5 4.5 0 1 1-9 0 4.5 4.5 0 0 1 9 0m-2.15-1.85a.5.5 0 0 0-.7 0l-2.65 2.64-.65-.64a.5.5 0 0 0-.7.7l1 1c.2.2.5.2.7 0l3-3a.5.5 0 0 0 0-.7',
]);
export const ArrowRightIcon = /* @__PURE__ */ icon(20, [
  'M10.84 3.13a.5.5 0 0 0-.68.74l6.17 5.63H2.5a.5.5 0 0 0 0 1h13.83l-6.17 5.63a.5.5 0 0 0 .68.74l6.91-6.32a.75.75 0 0 0 0-1.1z',
]);
export const PlayIcon = /* @__PURE__ */ icon(24, [
  'M5 5.27c0-1.7 1.83-2.79 3.33-1.97l12.36 6.72a2.25 2.25 0 0 1 0 3.96L8.33 20.7A2.25 2.25 0 0 1 5 18.73z',
]);
