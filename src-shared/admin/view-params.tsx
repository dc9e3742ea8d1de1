import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Where a front end keeps what a screen shows (its search and filters) so that it outlives the
 * screen: the web's /admin pages in the address's query, so a reload, Back and a shared link
 * show the same list. `set` changes several at once ('' removes one): a screen's filters move
 * together (a chart bar sets source, from and to), and one change at a time would lose the others.
 */
export interface ViewParams {
  get(name: string): string | null;
  set(changes: Record<string, string>): void;
}

const ViewParamsContext = createContext<ViewParams | null>(null);

export function ViewParamsProvider({ value, children }: { value: ViewParams; children: ReactNode }) {
  return <ViewParamsContext.Provider value={value}>{children}</ViewParamsContext.Provider>;
}

/**
 * A screen's view state, each field a string ('' when unset), from the front end's ViewParams
 * where it keeps them, else the screen's own state (the console, the tests' screens).
 */
export function useViewParams<K extends string>(
  defaults: Readonly<Record<K, string>>,
): [Record<K, string>, (changes: Partial<Record<K, string>>) => void] {
  const kept = useContext(ViewParamsContext);
  const names = Object.keys(defaults) as K[];
  const read = (): Record<K, string> =>
    Object.fromEntries(names.map((name) => [name, kept?.get(name) ?? defaults[name]])) as Record<K, string>;
  // The screen shows its own copy at once (a search box's caret stays where it is); the address
  // follows it, a moment later.
  const [own, setOwn] = useState(read);
  const fromAddress = JSON.stringify(read());
  // What this screen wrote that the address has not shown yet, oldest first: the address
  // catching up with one of them is no news (nor are the older ones, which it skipped).
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const caughtUp = pending.current.indexOf(fromAddress);
    pending.current = caughtUp >= 0 ? pending.current.slice(caughtUp + 1) : [];
    // Back, Forward or a link (the admin navigation's Leads: the whole list): the address changed
    // behind the screen's back, and the screen follows it.
    if (kept && caughtUp < 0) setOwn(JSON.parse(fromAddress) as Record<K, string>);
  }, [kept, fromAddress]);
  const update = useCallback(
    (changes: Partial<Record<K, string>>) => {
      setOwn((current) => ({ ...current, ...changes }));
      if (!kept) return;
      pending.current.push(JSON.stringify({ ...own, ...changes }));
      // A default is no parameter: the plain address is the default list.
      const entries = Object.entries(changes) as [K, string][];
      kept.set(Object.fromEntries(entries.map(([name, value]) => [name, value === defaults[name] ? '' : value])));
    },
    [kept, defaults, own],
  );
  return [own, update];
}
