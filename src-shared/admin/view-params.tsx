import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

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
  const [own, setOwn] = useState(defaults);
  const names = Object.keys(defaults) as K[];
  // One string for what the address holds, so the values change (and effects rerun) only when it does.
  const fromAddress = kept ? JSON.stringify(names.map((name) => kept.get(name) ?? defaults[name])) : null;
  const values = useMemo(() => {
    if (fromAddress === null) return own;
    const parsed = JSON.parse(fromAddress) as string[];
    return Object.fromEntries(names.map((name, index) => [name, parsed[index] ?? ''])) as Record<K, string>;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `names` is the defaults' keys, fixed for the screen
  }, [fromAddress, own]);
  const update = useCallback(
    (changes: Partial<Record<K, string>>) => {
      if (!kept) {
        setOwn((current) => ({ ...current, ...changes }));
        return;
      }
      // A default is no parameter: the plain address is the default list.
      const entries = Object.entries(changes) as [K, string][];
      kept.set(Object.fromEntries(entries.map(([name, value]) => [name, value === defaults[name] ? '' : value])));
    },
    [kept, defaults],
  );
  return [values, update];
}
