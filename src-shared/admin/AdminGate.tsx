import { useMemo, type ReactNode } from 'react';
import type { AdminApi } from '../api/admin/client.ts';
import { neverRejecting } from '../api/admin/never-rejecting.ts';
import type { Platform } from '../domain/platform.ts';
import { AdminAuthDialog } from './AdminAuthDialog.tsx';
import { AdminServicesProvider } from './admin-services.tsx';
import { LockedScreen, PageSpinnerInline } from './AdminPlaceholders.tsx';
import type { AdminDialogVariant } from './messages.ts';
import { useAdminSession, type AdminSessionOptions } from './use-admin-session.ts';

interface AdminGateProps extends AdminSessionOptions {
  api: AdminApi;
  platform: Platform;
  variant: AdminDialogVariant;
  /** The screen's title, shown behind the password dialog. */
  title: string;
  onCancel(): void;
  /** After a successful login (the web app turns admin mode on). */
  onAuthenticated?(): void;
  /**
   * The app's notices (the console's settings, its server down), laid out for where they go:
   * above the screen, or in the password dialog while it asks, which would otherwise cover them
   * and hide them from screen readers.
   */
  notices?(place: 'page' | 'dialog'): ReactNode;
  children: ReactNode;
}

/**
 * Shows its admin screen only with a working session; otherwise the 'Admin Authentication'
 * dialog (no token or a refused one: the login dialog shows).
 */
export function AdminGate({
  api,
  platform,
  variant,
  title,
  onCancel,
  onAuthenticated,
  notices,
  children,
  ...sessionOptions
}: AdminGateProps) {
  // Every screen behind the gate, and the gate itself, may count on an outcome from each call.
  const settledApi = useMemo(() => neverRejecting(api), [api]);
  const session = useAdminSession(settledApi, sessionOptions);
  const { lost, validSince } = session;
  // The screens get a new API object for each session. What they loaded depends on `api` (a
  // list, the chart, a lead's drawer, a user's groups), so a login after a 401 loads again all
  // that the 401 cut off, by that mechanism and not by each screen remembering to.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- validSince is the point: one object per session
  const sessionApi = useMemo(() => ({ ...settledApi }), [settledApi, validSince]);
  const services = useMemo(() => ({ api: sessionApi, platform, sessionLost: lost }), [sessionApi, platform, lost]);
  const locked = session.status === 'invalid';
  const valid = session.status === 'valid';
  // Once shown, the screen stays mounted (hidden) while the password is asked again after a
  // 401: logged back in, the operator finds the search, filters and sort they left.
  const kept = validSince > 0;
  return (
    <>
      {!locked && notices?.('page')}
      {session.status === 'checking' && <PageSpinnerInline label="Checking admin session…" />}
      {locked && !kept && <LockedScreen title={title} />}
      {kept && (
        <div hidden={!valid} style={valid ? { display: 'contents' } : undefined}>
          <AdminServicesProvider value={services}>{children}</AdminServicesProvider>
        </div>
      )}
      <AdminAuthDialog
        open={locked}
        api={settledApi}
        variant={variant}
        notices={locked ? notices?.('dialog') : undefined}
        onAuthenticated={() => {
          session.authenticated();
          onAuthenticated?.();
        }}
        onCancel={onCancel}
      />
    </>
  );
}
