import { lazy, Suspense } from 'react';
import { useAdminMode } from '../admin-mode/admin-mode.ts';

const AdminPanel = lazy(() => import('./AdminPanel.tsx').then((module) => ({ default: module.AdminPanel })));

/**
 * Shows the admin floating panel while admin mode is on (Ctrl+Shift+A: installAdminShortcut).
 * The panel's code loads only then, so public pages never pay for it.
 */
export function AdminPanelHost() {
  const { enabled } = useAdminMode();
  return enabled ? (
    <Suspense fallback={null}>
      <AdminPanel />
    </Suspense>
  ) : null;
}
