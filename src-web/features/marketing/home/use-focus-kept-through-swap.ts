import { useLayoutEffect, useState } from 'react';
import { usePrerendering } from '../../../prerender/use-prerendering.ts';

const SECTIONS = '[data-home-sections]';
const CONTROLS = 'a[href], button';

/** The control the keyboard is on in the sections' prerendered copy: its text, and which of that text it is. */
function focusedControl(): { text: string; nth: number } | null {
  const focused = document.activeElement;
  const sections = focused?.closest(SECTIONS);
  if (!sections || !focused?.matches(CONTROLS)) return null;
  const text = focused.textContent ?? '';
  const same = Array.from(sections.querySelectorAll(CONTROLS)).filter((control) => control.textContent === text);
  return { text, nth: same.indexOf(focused) };
}

/**
 * The live sections replace their prerendered copy (HomePage.tsx) when their code arrives,
 * which drops the focus of a keyboard user already tabbing through the copy on the page's
 * body: their next Tab would start over from the top. Read while the copy is still on the
 * page (the sections' first render), the control they were on takes the focus again once the
 * live sections are in place. Here, in the sections' own chunk, not in the home page's first load.
 */
export function useFocusKeptThroughSwap(): void {
  const prerendering = usePrerendering();
  // The build's render has no document, nor anyone on it.
  const [was] = useState(() => (prerendering ? null : focusedControl()));
  useLayoutEffect(() => {
    if (!was || (document.activeElement && document.activeElement !== document.body)) return;
    const same = Array.from(document.querySelectorAll<HTMLElement>(`${SECTIONS} :is(${CONTROLS})`)).filter(
      (control) => control.textContent === was.text,
    );
    same[was.nth]?.focus({ preventScroll: true });
  }, [was]);
}
