import { useCallback, useEffect, useState } from 'react';
import type { AdminOutcome } from '../api/admin/client.ts';
import type { AdminFailure } from '../api/admin/transport.ts';
import { useAdminServices } from './admin-services.tsx';

export type AdminListState<T> =
  { phase: 'loading'; items: T[] } | { phase: 'ready'; items: T[] } | { phase: 'error'; items: T[]; failure: AdminFailure };

/**
 * Loads an admin list and reloads it on demand. A 401 hands the session back to the gate;
 * an error keeps the rows already shown.
 */
export function useAdminList<T>(load: () => Promise<AdminOutcome<T[]>>) {
  const { sessionLost } = useAdminServices();
  const [state, setState] = useState<AdminListState<T>>({ phase: 'loading', items: [] });

  const reload = useCallback(async () => {
    setState((current) => ({ phase: 'loading', items: current.items }));
    const outcome = await load();
    if (outcome.ok) {
      setState({ phase: 'ready', items: outcome.value });
      return;
    }
    if (outcome.reason === 'unauthorized') sessionLost();
    setState((current) => ({ phase: 'error', items: current.items, failure: outcome }));
  }, [load, sessionLost]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- loading on mount is the point
    void reload();
  }, [reload]);

  return { state, reload };
}
