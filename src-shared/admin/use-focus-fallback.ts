import { useCallback, useEffect, useRef, type RefObject } from 'react';

/**
 * An action whose reload takes the focused control away (a deleted user's row with its Delete
 * button) leaves the focus on nothing, and the keyboard
 * where a page starts. Once the list has settled after such an action, a focus left on nothing
 * (document.body) goes to `fallback`; a focus anywhere else stays where the operator put it.
 *
 * `settled` says the list has finished loading, and a change of `items` (its rows) ends a reload
 * too. Returns the function to call as such an action starts.
 */
export function useFocusFallback(fallback: RefObject<HTMLElement | null>, settled: boolean, items: unknown): () => void {
  const expected = useRef(false);
  useEffect(() => {
    if (!expected.current || !settled) return;
    expected.current = false;
    // A frame later: a dialog that closed gives its focus back a frame after, and that comes first.
    requestAnimationFrame(() => {
      const focused = document.activeElement;
      if (focused === null || focused === document.body) fallback.current?.focus();
    });
  }, [fallback, settled, items]);
  return useCallback(() => {
    expected.current = true;
  }, []);
}
