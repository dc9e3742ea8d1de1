import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminOutcome } from '../api/admin/client.ts';
import type { AdminFailure } from '../api/admin/transport.ts';
import type { ListPage } from '../domain/admin-lists.ts';
import { useAdminServices } from './admin-services.tsx';

export interface PagedListState<T> {
  phase: 'loading' | 'ready' | 'error';
  /** The pages loaded so far, in order: only what the operator has scrolled to. */
  items: T[];
  nextCursor: string | null;
  /** From the first page of the current query. */
  total: number | null;
  totalIsEstimate: boolean;
  /** A next page is on its way. */
  loadingMore: boolean;
  failure?: AdminFailure;
}

const FIRST: PagedListState<never> = {
  phase: 'loading',
  items: [],
  nextCursor: null,
  total: null,
  totalIsEstimate: false,
  loadingMore: false,
};

/**
 * A server-paged list: the first page of `query`, then the next ones on demand (as the table
 * scrolls). A new query starts again from its first page, and an answer to an older query
 * or an older reload is dropped, so it never overwrites a newer one. A 401 hands the session
 * back to the gate.
 */
export function usePagedList<T, Q extends object>(
  load: (query: Q & { cursor?: string }) => Promise<AdminOutcome<ListPage<T>>>,
  query: Q,
) {
  const { sessionLost } = useAdminServices();
  const [state, setState] = useState<PagedListState<T>>(FIRST);
  // Which query (and reload) the answers on their way belong to.
  const generation = useRef(0);
  const loadingMore = useRef(false);

  const fail = useCallback(
    (outcome: AdminFailure) => {
      if (outcome.reason === 'unauthorized') sessionLost();
      setState((current) => ({ ...current, phase: 'error', loadingMore: false, failure: outcome }));
    },
    [sessionLost],
  );

  // A new session (logged back in after a 401) gives the screen's `load` a new api, so this
  // reloads the query from its first page.
  const reload = useCallback(async () => {
    const mine = ++generation.current;
    loadingMore.current = false;
    setState((current) => ({ ...FIRST, items: current.items, total: current.total, totalIsEstimate: current.totalIsEstimate }));
    const outcome = await load(query);
    if (mine !== generation.current) return;
    if (!outcome.ok) {
      setState((current) => ({ ...current, items: [] }));
      fail(outcome);
      return;
    }
    const page = outcome.value;
    setState({
      phase: 'ready',
      items: page.items,
      nextCursor: page.nextCursor,
      total: page.total,
      totalIsEstimate: page.totalIsEstimate,
      loadingMore: false,
    });
  }, [load, query, fail]);

  const loadMore = useCallback(async () => {
    const cursor = state.nextCursor;
    // After a next page failed (an error with rows loaded), asking again retries it from where it stopped.
    const nextPageFailed = state.phase === 'error' && state.items.length > 0;
    if (!cursor || loadingMore.current || (state.phase !== 'ready' && !nextPageFailed)) return;
    loadingMore.current = true;
    const mine = generation.current;
    setState((current) => ({ ...current, loadingMore: true }));
    const outcome = await load({ ...query, cursor });
    if (mine !== generation.current) return;
    loadingMore.current = false;
    if (!outcome.ok) {
      fail(outcome);
      return;
    }
    setState((current) => ({
      ...current,
      phase: 'ready',
      failure: undefined,
      items: [...current.items, ...outcome.value.items],
      nextCursor: outcome.value.nextCursor,
      loadingMore: false,
    }));
  }, [state.nextCursor, state.phase, state.items.length, load, query, fail]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- loading the query's first page is the point
    void reload();
  }, [reload]);

  return { state, reload, loadMore };
}

/** `value` once it has stopped changing for `delay` ms: a search box's text, for the server. */
export function useDebouncedValue<T>(value: T, delay = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
