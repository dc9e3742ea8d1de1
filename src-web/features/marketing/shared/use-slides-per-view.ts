import { useEffect, useState } from 'react';

/** Below `belowPx` wide, show `slides` slides (the narrowest matching rule wins). */
export interface SlidesBreakpoint {
  belowPx: number;
  slides: number;
}

function slidesFor(slides: number, breakpoints: readonly SlidesBreakpoint[]): number {
  const narrowestFirst = [...breakpoints].sort((a, b) => a.belowPx - b.belowPx);
  const match = narrowestFirst.find((rule) => window.matchMedia(`(max-width: ${rule.belowPx - 0.02}px)`).matches);
  return match?.slides ?? slides;
}

/**
 * How many slides a carousel shows at the current window width, kept up to date as the
 * window crosses a breakpoint. Decided in script rather than CSS because Embla needs the
 * count to build its scroll snaps and dots.
 */
export function useSlidesPerView(slides: number, breakpoints: readonly SlidesBreakpoint[]): number {
  const [count, setCount] = useState(() => slidesFor(slides, breakpoints));
  const key = breakpoints.map((rule) => `${rule.belowPx}:${rule.slides}`).join(',');
  useEffect(() => {
    const update = () => setCount(slidesFor(slides, breakpoints));
    const queries = breakpoints.map((rule) => window.matchMedia(`(max-width: ${rule.belowPx - 0.02}px)`));
    queries.forEach((query) => query.addEventListener('change', update));
    update();
    return () => queries.forEach((query) => query.removeEventListener('change', update));
    // `key` stands for the breakpoints' contents, so an inline array does not re-subscribe every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slides, key]);
  return count;
}
