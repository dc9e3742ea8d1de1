import { useMemo, type ReactNode } from 'react';
import type { AdminApi } from '../api/admin/client.ts';
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
  const session = useAdminSession(api, sessionOptions);
  const { lost } = session;
  const services = useMemo(() => ({ api, platform, sessionLost: lost }), [api, platform, lost]);
  const locked = session.status === 'invalid';
  return (
    <>
      {session.status === 'checking' && <PageSpinnerInline label="Checking admin session…" />}
      {locked && <LockedScreen title={title} />}
      {session.status === 'valid' && <AdminServicesProvider value={services}>{children}</AdminServicesProvider>}
      <AdminAuthDialog
        open={locked}
        api={api}
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
