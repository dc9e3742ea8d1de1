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
  children,
  ...sessionOptions
}: AdminGateProps) {
  // Every screen behind the gate, and the gate itself, may count on an outcome from each call.
  const settledApi = useMemo(() => neverRejecting(api), [api]);
  const session = useAdminSession(settledApi, sessionOptions);
  const { lost } = session;
  const services = useMemo(() => ({ api: settledApi, platform, sessionLost: lost }), [settledApi, platform, lost]);
  const locked = session.status === 'invalid';
  return (
    <>
      {session.status === 'checking' && <PageSpinnerInline label="Checking admin session…" />}
      {locked && <LockedScreen title={title} />}
      {session.status === 'valid' && <AdminServicesProvider value={services}>{children}</AdminServicesProvider>}
      <AdminAuthDialog
        open={locked}
        api={settledApi}
        variant={variant}
        onAuthenticated={() => {
          session.authenticated();
          onAuthenticated?.();
        }}
        onCancel={onCancel}
      />
    </>
  );
}
