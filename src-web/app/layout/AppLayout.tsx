import { Outlet } from 'react-router-dom';
import { AdminPanelHost } from '../../features/admin/AdminPanelHost.tsx';
import { AuthProvider } from '../../features/auth/auth-context.tsx';
import { ChatAssistant } from '../../features/chat/ChatAssistant.tsx';
import styles from './AppLayout.module.css';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';

/** The shared layout of every page: top bar, the page, footer (spec §2 "Shared layout"). */
export function AppLayout() {
  return (
    <AuthProvider>
      <ScrollToTop />
      <div className={styles.page}>
        <Header />
        <main id="main" className={styles.main}>
          <Outlet />
        </main>
        <Footer />
        <ChatAssistant />
        <AdminPanelHost />
      </div>
    </AuthProvider>
  );
}
