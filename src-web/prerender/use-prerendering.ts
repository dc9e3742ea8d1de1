import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * True while the build prerenders the page (render.tsx: React reads the server snapshot),
 * false in the browser, where the app renders with createRoot (src-web/main.tsx). For the
 * parts that render differently into the HTML: the home page's lower sections, which the
 * browser loads only as the visitor scrolls, and the carousels' slide widths.
 */
export function usePrerendering(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}
