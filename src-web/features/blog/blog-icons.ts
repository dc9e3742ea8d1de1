/**
 * The blog's icons, plain SVG like the other public pages' (see components/icons.tsx for why).
 * Kept here rather than in icons.tsx, which is part of every page's first load, or page-icons.tsx,
 * a chunk of icons the blog does not use: this way they load with the blog pages alone.
 */
import { icon } from '../../components/icons.tsx';

export const SearchIcon = /* @__PURE__ */ icon(20, [
  'M13.73 14.44a6.5 6.5 0 1 1 .7-.7l3.42 3.4a.5.5 0 0 1-.63.77l-.07-.06zm-.71-.71A5.5 5.5 0 0 0 15 9.5a5.5 5.5 0 1 0-1.98 4.23',
]);
export const ArrowLeftIcon = /* @__PURE__ */ icon(20, [
  'M9.16 16.87a.5.5 0 1 0 .67-.74L3.67 10.5H17.5a.5.5 0 0 0 0-1H3.67l6.16-5.63a.5.5 0 0 0-.67-.74L2.24 9.44a.75.75 0 0 0 0 1.11z',
]);
