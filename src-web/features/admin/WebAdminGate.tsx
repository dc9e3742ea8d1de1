import { useMemo, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AdminGate } from '../../../src-shared/admin/AdminGate.tsx';
import type { AdminDialogVariant } from '../../../src-shared/admin/messages.ts';
import { ViewParamsProvider, type ViewParams } from '../../../src-shared/admin/view-params.tsx';
import { PATHS } from '../../../src-shared/domain/routes.ts';
import { setAdminMode } from '../admin-mode/admin-mode.ts';
import { webAdminApi } from './web-admin-api.ts';
import { ADMIN_CANCEL_EVENT, subscribeToAdminTokenChanges, webPlatform } from './web-platform.ts';

/**
 * A screen's search and filters in the address's query. Replaced, not pushed: Back leaves the
 * page rather than stepping through each keystroke, and comes back to the list as it was left.
 */
function AddressViewParams({ children }: { children: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const value = useMemo<ViewParams>(
    () => ({
      get: (name) => params.get(name),
      set: (changes) =>
        setParams(
          () => {
            // The address as it is now: react-router hands the updater the query of the last
            // render, so two changes in one tick (the search, then the source) lost the first.
            const next = new URLSearchParams(window.location.search);
            for (const [name, changed] of Object.entries(changes)) {
              if (changed) next.set(name, changed);
              else next.delete(name);
            }
            return next;
          },
          { replace: true },
        ),
    }),
    [params, setParams],
  );
  return <ViewParamsProvider value={value}>{children}</ViewParamsProvider>;
}

/**
 * The shared admin gate with the web's choices: Cancel goes home and broadcasts
 * admin-cancel; logging in turns admin mode on; losing a valid session turns it off; the
 * screen's search and filters live in the address.
 */
export function WebAdminGate({
  variant,
  title,
  children,
  onCancel,
}: {
  variant: AdminDialogVariant;
  title: string;
  children: ReactNode;
  /** Instead of going home (the panel's dialogs just close). */
  onCancel?(): void;
}) {
  const navigate = useNavigate();
  return (
    <AdminGate
      api={webAdminApi}
      platform={webPlatform}
      variant={variant}
      title={title}
      subscribeToTokenChanges={subscribeToAdminTokenChanges}
      onAuthenticated={() => setAdminMode(true)}
      onLost={() => setAdminMode(false)}
      onCancel={() => {
        window.dispatchEvent(new CustomEvent(ADMIN_CANCEL_EVENT));
        if (onCancel) onCancel();
        else void navigate(PATHS.home);
      }}
    >
      <AddressViewParams>{children}</AddressViewParams>
    </AdminGate>
  );
}
