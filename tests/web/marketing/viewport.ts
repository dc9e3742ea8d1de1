/**
 * jsdom has no layout: it cannot answer media queries or observe sizes. These stand-ins
 * give the carousel a window of a chosen width (matchMedia answers `(max-width)` and
 * `(prefers-reduced-motion)` queries from it) and inert observers for Embla.
 */
type Listener = (event: MediaQueryListEvent) => void;

let width = 1280;
const lists = new Set<{ query: string; listeners: Set<Listener> }>();

function matches(query: string): boolean {
  const maxWidth = /\(max-width:\s*([\d.]+)px\)/.exec(query);
  if (maxWidth) return width <= Number(maxWidth[1]);
  return false;
}

export function installViewport(initialWidth: number): void {
  width = initialWidth;
  window.matchMedia = (query: string) => {
    const entry = { query, listeners: new Set<Listener>() };
    lists.add(entry);
    return {
      media: query,
      get matches() {
        return matches(query);
      },
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => entry.listeners.add(listener),
      removeEventListener: (_type: string, listener: Listener) => entry.listeners.delete(listener),
      addListener: (listener: Listener) => entry.listeners.add(listener),
      removeListener: (listener: Listener) => entry.listeners.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  };
  class InertObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
    takeRecords(): [] {
      return [];
    }
  }
  window.ResizeObserver ??= InertObserver as unknown as typeof ResizeObserver;
  window.IntersectionObserver ??= InertObserver as unknown as typeof IntersectionObserver;
}

/** Resizes the pretend window and tells every media query list that changed. */
export function resizeViewport(newWidth: number): void {
  const before = new Map([...lists].map((entry) => [entry, matches(entry.query)]));
  width = newWidth;
  for (const [entry, previous] of before) {
    if (matches(entry.query) === previous) continue;
    const event = { matches: matches(entry.query), media: entry.query } as MediaQueryListEvent;
    entry.listeners.forEach((listener) => listener(event));
  }
}
