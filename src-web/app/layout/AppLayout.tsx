import { Outlet } from 'react-router-dom';
import { AdminPanelHost } from '../../features/admin/AdminPanelHost.tsx';
import { useAdminMode } from '../../features/admin-mode/admin-mode.ts';
import { AuthProvider } from '../../features/auth/auth-context.tsx';
import { LazyAuthDialog } from '../../features/auth/lazy-auth-dialog.tsx';
import { ChatAssistant } from '../../features/chat/ChatAssistant.tsx';
import styles from './AppLayout.module.css';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';

/** The shared layout of every page: top bar, the page, footer. */
export function AppLayout() {
  const admin = useAdminMode();
  return (
    <AuthProvider dialog={LazyAuthDialog}>
      <ScrollToTop />
      <div className={styles.page}>
        <Header />
        {/* The fixed 'ADMIN MODE' badge gets its own strip above the page, so it covers no content (breadcrumbs, headings). */}
        <main id="main" className={admin.enabled ? `${styles.main} ${styles.belowAdminBadge}` : styles.main}>
          <Outlet />
        </main>
        <Footer />
        <ChatAssistant />
        <AdminPanelHost />
      </div>
    </AuthProvider>
  );
}
