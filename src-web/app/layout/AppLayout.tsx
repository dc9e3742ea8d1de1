import { makeStyles } from '@fluentui/react-components';
import { Outlet } from 'react-router-dom';
import { INTERFACE, SMALL_SCREEN_MAX_WIDTH_PX } from '../../../src-shared/domain/constants.ts';
import { AuthProvider } from '../../features/auth/auth-context.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';

const useStyles = makeStyles({
  page: { minHeight: '100vh', display: 'flex', flexDirection: 'column' },
  main: {
    flexGrow: 1,
    paddingTop: `${INTERFACE.layoutOffsetPx}px`,
    [`@media (max-width: ${SMALL_SCREEN_MAX_WIDTH_PX}px)`]: { paddingTop: `${INTERFACE.layoutOffsetSmallPx}px` },
  },
});

/** The shared layout of every page: top bar, the page, footer (spec §2 "Shared layout"). */
export function AppLayout() {
  const styles = useStyles();
  return (
    <AuthProvider>
      <ScrollToTop />
      <div className={styles.page}>
        <Header />
        <main id="main" className={styles.main}>
          <Outlet />
        </main>
        <Footer />
      </div>
    </AuthProvider>
  );
}
