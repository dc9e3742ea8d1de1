import { lazy, Suspense, useEffect } from 'react';
import { isAdminShortcut, useAdminMode } from '../admin-mode/admin-mode.ts';

const AdminPanel = lazy(() => import('./AdminPanel.tsx').then((module) => ({ default: module.AdminPanel })));

/**
 * Listens for Ctrl+Shift+A on every page and shows the admin floating panel while admin
 * mode is on. The panel's code loads only then, so public pages never pay for it.
 */
export function AdminPanelHost() {
  const { enabled, toggle } = useAdminMode();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isAdminShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);
  return enabled ? (
    <Suspense fallback={null}>
      <AdminPanel />
    </Suspense>
  ) : null;
}
