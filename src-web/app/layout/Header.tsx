import { Link } from 'react-router-dom';
import { INTERFACE } from '../../../src-shared/domain/constants.ts';
import { PATHS } from '../../../src-shared/domain/routes.ts';
import { buttonClasses, cx } from '../../components/button-styles.ts';
import { ChevronDownIcon, MenuIcon } from '../../components/icons.tsx';
import { LazyPart } from '../../components/LazyPart.tsx';
import { retryableLazy } from '../../components/retryable-lazy.ts';
import { useClientNavigation } from '../../components/use-client-navigation.ts';
import { ACCOUNT_LINKS } from '../../features/account/account-links.ts';
import { useAuth } from '../../features/auth/auth-context.tsx';
import styles from './Header.module.css';
import { NAV_GROUPS, TOP_LEVEL_LINKS } from './nav-items.ts';
import { NavMenu } from './NavMenu.tsx';
import { useScrolledPast } from './use-scrolled-past.ts';

const ALL_LINKS = [...NAV_GROUPS.flatMap((group) => group.items), ...TOP_LEVEL_LINKS];
const SIGNED_IN_LINKS = [...ALL_LINKS, ...ACCOUNT_LINKS];

/** Fluent's menu and avatar load only once someone is signed in: the header is on every first visit. */
const userMenu = retryableLazy(() => import('../../features/account/UserMenu.tsx').then((module) => module.UserMenu));

/** The top bar of every page. */
export function Header() {
  const elevated = useScrolledPast(INTERFACE.headerScrollThresholdPx);
  const { status, openAuthDialog, signOut } = useAuth();
  const signedIn = status === 'signed-in';
  const go = useClientNavigation();
  const subtle = cx(buttonClasses.base, buttonClasses.subtle);

  return (
    <header className={cx(styles.bar, elevated && styles.elevated)} data-elevated={elevated}>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <Link to={PATHS.home} className={styles.brand} aria-label="HireAssist home">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        HireAssist
      </Link>

      <nav className={styles.nav} aria-label="Main">
        {NAV_GROUPS.map((group) => (
          <NavMenu
            key={group.label}
            label={group.label}
            trigger={
              <>
                {group.label}
                <ChevronDownIcon size={16} />
              </>
            }
            triggerClassName={subtle}
            items={group.items}
            openOnHover
          />
        ))}
        {TOP_LEVEL_LINKS.map((item) => (
          <a key={item.to} className={subtle} href={item.to} onClick={go(item.to)}>
            {item.label}
          </a>
        ))}
      </nav>

      <div className={styles.end}>
        {signedIn ? (
          <LazyPart
            part={userMenu}
            props={{}}
            failure="The account menu could not be loaded. Check your connection and try again."
          />
        ) : (
          <button
            type="button"
            className={cx(buttonClasses.base, buttonClasses.primary)}
            onClick={() => openAuthDialog('signin')}
          >
            Login
          </button>
        )}
        <div className={styles.hamburger}>
          <NavMenu
            label="Menu"
            trigger={<MenuIcon />}
            triggerClassName={cx(subtle, buttonClasses.icon)}
            items={signedIn ? SIGNED_IN_LINKS : ALL_LINKS}
            actions={
              signedIn
                ? [{ label: 'Sign out', onSelect: () => void signOut() }]
                : [{ label: 'Login', onSelect: () => openAuthDialog('signin') }]
            }
            align="end"
          />
        </div>
      </div>
    </header>
  );
}
