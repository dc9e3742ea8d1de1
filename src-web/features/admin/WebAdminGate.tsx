import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { AdminGate } from '../../../src-shared/admin/AdminGate.tsx';
import type { AdminDialogVariant } from '../../../src-shared/admin/messages.ts';
import { PATHS } from '../../../src-shared/domain/routes.ts';
import { setAdminMode } from '../admin-mode/admin-mode.ts';
import { webAdminApi } from './web-admin-api.ts';
import { ADMIN_CANCEL_EVENT, subscribeToAdminTokenChanges, webPlatform } from './web-platform.ts';

/**
 * The shared admin gate with the web's choices: Cancel goes home and broadcasts
 * admin-cancel; logging in turns admin mode on; losing a valid session turns it off.
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
      {children}
    </AdminGate>
  );
}
