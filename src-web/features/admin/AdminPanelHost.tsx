import { LazyPart } from '../../components/LazyPart.tsx';
import { retryableLazy } from '../../components/retryable-lazy.ts';
import { useAdminMode } from '../admin-mode/admin-mode.ts';

const adminPanel = retryableLazy(() => import('./AdminPanel.tsx').then((module) => module.AdminPanel));

/**
 * Shows the admin floating panel while admin mode is on (Ctrl+Shift+A: installAdminShortcut).
 * The panel's code loads only then, so public pages never pay for it.
 */
export function AdminPanelHost() {
  const { enabled } = useAdminMode();
  return enabled ? (
    <LazyPart part={adminPanel} props={{}} failure="The admin panel could not be loaded. Check your connection and try again." />
  ) : null;
}
