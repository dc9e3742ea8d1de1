import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, NavigationRegular } from '@fluentui/react-icons';
import { Link } from 'react-router-dom';
import { INTERFACE, SMALL_SCREEN_MAX_WIDTH_PX } from '../../../src-shared/domain/constants.ts';
import { PATHS } from '../../../src-shared/domain/routes.ts';
import { useButtonStyles } from '../../components/button-styles.ts';
import { useClientNavigation } from '../../components/use-client-navigation.ts';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { NAV_GROUPS, TOP_LEVEL_LINKS } from './nav-items.ts';
import { NavMenu } from './NavMenu.tsx';
import { useScrolledPast } from './use-scrolled-past.ts';

const DESKTOP_NAV_MIN_WIDTH = '900px';
const ALL_LINKS = [...NAV_GROUPS.flatMap((group) => group.items), ...TOP_LEVEL_LINKS];

const useStyles = makeStyles({
  bar: {
    position: 'fixed',
    inset: '0 0 auto 0',
    zIndex: 100,
    height: `${INTERFACE.layoutOffsetPx}px`,
    [`@media (max-width: ${SMALL_SCREEN_MAX_WIDTH_PX}px)`]: { height: `${INTERFACE.layoutOffsetSmallPx}px` },
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `0 ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    transitionProperty: 'box-shadow',
    transitionDuration: tokens.durationNormal,
  },
  elevated: { boxShadow: tokens.shadow8, borderBottomColor: 'transparent' },
  skipLink: {
    position: 'absolute',
    left: '-9999px',
    ':focus': { left: tokens.spacingHorizontalL, top: tokens.spacingVerticalS, zIndex: 101 },
  },
  brand: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightBold,
    fontSize: tokens.fontSizeBase500,
    textDecorationLine: 'none',
  },
  nav: {
    display: 'none',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    marginLeft: tokens.spacingHorizontalL,
    [`@media (min-width: ${DESKTOP_NAV_MIN_WIDTH})`]: { display: 'flex' },
  },
  end: { marginLeft: 'auto', display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  hamburger: { [`@media (min-width: ${DESKTOP_NAV_MIN_WIDTH})`]: { display: 'none' } },
});

/** The top bar of every page (spec §2 "Header"). */
export function Header() {
  const styles = useStyles();
  const buttons = useButtonStyles();
  const elevated = useScrolledPast(INTERFACE.headerScrollThresholdPx);
  const { openAuthDialog } = useAuth();
  const go = useClientNavigation();
  const subtle = mergeClasses(buttons.base, buttons.subtle);

  return (
    <header className={mergeClasses(styles.bar, elevated && styles.elevated)} data-elevated={elevated}>
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
                <ChevronDownRegular aria-hidden />
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
        <button type="button" className={mergeClasses(buttons.base, buttons.primary)} onClick={() => openAuthDialog('signin')}>
          Login
        </button>
        <div className={styles.hamburger}>
          <NavMenu
            label="Menu"
            trigger={<NavigationRegular fontSize={24} aria-hidden />}
            triggerClassName={mergeClasses(subtle, buttons.icon)}
            items={ALL_LINKS}
            actions={[{ label: 'Login', onSelect: () => openAuthDialog('signin') }]}
            align="end"
          />
        </div>
      </div>
    </header>
  );
}
