import {
  Button,
  Text,
  Tooltip,
  createCustomFocusIndicatorStyle,
  makeStyles,
  mergeClasses,
  tokens,
  useArrowNavigationGroup,
} from '@fluentui/react-components';
import { ArrowSwapRegular, GlobeRegular, PersonLockRegular, ShieldKeyholeRegular, SignOutRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { AdminGate } from '../../../src-shared/admin/AdminGate.tsx';
import { SIGN_OUT_ALL_TEXT, SignOutAllDialog } from '../../../src-shared/admin/SignOutAllDialog.tsx';
import {
  CONSOLE_SCREEN_LABELS,
  CONSOLE_SCREENS,
  type ConsoleBridge,
  type ConsoleScreen,
  type TokenStorage,
} from '../../contract/bridge.ts';
import { bridgePlatform } from '../bridge-platform.ts';
import { SCREENS } from './screens.tsx';
import { anyShellNotice, ShellNotices } from './ShellNotices.tsx';
import { reportingReachability } from './reachability.ts';
import { signOutOfServer, withoutSession } from './sign-out.ts';

const RAIL = '@media (max-width: 1199px)';
/** Out of sight but still read out: the rail keeps every button's name for screen readers. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The focus ring of everything focusable in the header, the same on each: white on the brand blue
 * (6.9:1), where Fluent's black ring measures 3.06:1 against it; the inner black line goes too.
 */
const HEADER_FOCUS_RING = createCustomFocusIndicatorStyle({
  outlineWidth: tokens.strokeWidthThick,
  outlineStyle: 'solid',
  outlineColor: tokens.colorNeutralForegroundOnBrand,
  boxShadow: 'none',
});

const useStyles = makeStyles({
  root: {
    height: '100vh',
    display: 'grid',
    gridTemplateRows: 'auto 1fr',
    gridTemplateColumns: '272px 1fr',
    gridTemplateAreas: '"header header" "nav main"',
    backgroundColor: tokens.colorNeutralBackground3,
    // Below 1200px the navigation becomes a rail of icons, leaving the tables their width.
    [RAIL]: { gridTemplateColumns: '56px 1fr' },
  },
  header: {
    gridArea: 'header',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    boxShadow: tokens.shadow4,
    zIndex: 1,
  },
  brand: { display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalXS, whiteSpace: 'nowrap' },
  brandName: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400 },
  brandSuffix: { opacity: 0.8, fontSize: tokens.fontSizeBase300 },
  server: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    minWidth: 0,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: 'rgba(255, 255, 255, 0.14)',
    fontSize: tokens.fontSizeBase200,
    ...HEADER_FOCUS_RING,
  },
  // The address alone gives way to a narrow window, ending in an ellipsis; its globe keeps its size.
  serverIcon: { flexShrink: 0 },
  serverUrl: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontFamily: tokens.fontFamilyMonospace },
  spacer: { flexGrow: 1 },
  headerButton: {
    flexShrink: 0,
    whiteSpace: 'nowrap',
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { color: tokens.colorNeutralForegroundOnBrand, backgroundColor: 'rgba(255, 255, 255, 0.14)' },
    ':hover:active': { color: tokens.colorNeutralForegroundOnBrand, backgroundColor: 'rgba(255, 255, 255, 0.22)' },
    ...HEADER_FOCUS_RING,
  },
  nav: {
    gridArea: 'nav',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    overflowY: 'auto',
  },
  navList: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
  navItem: {
    width: '100%',
    justifyContent: 'flex-start',
    fontWeight: tokens.fontWeightRegular,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    [RAIL]: { justifyContent: 'center', minWidth: 0, padding: tokens.spacingVerticalS },
  },
  navItemCurrent: {
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover, color: tokens.colorBrandForeground2 },
  },
  navLabel: { flexGrow: 1, textAlign: 'left', whiteSpace: 'nowrap', [RAIL]: VISUALLY_HIDDEN },
  shortcut: {
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase100,
    fontFamily: tokens.fontFamilyMonospace,
    [RAIL]: { display: 'none' },
  },
  railHidden: { [RAIL]: VISUALLY_HIDDEN },
  navHeading: {
    margin: `0 ${tokens.spacingHorizontalM} ${tokens.spacingVerticalS}`,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    textTransform: 'uppercase',
    letterSpacing: '0.06em',
    [RAIL]: VISUALLY_HIDDEN,
  },
  navFooter: {
    marginTop: 'auto',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
  },
  main: { gridArea: 'main', overflow: 'auto', minWidth: 0, ':focus': { outline: 'none' } },
});

/** The key the menu's shortcuts use here: ⌘ on macOS, Ctrl elsewhere (main sets the same accelerators). */
const SHORTCUT_PREFIX = /Mac/.test(navigator.userAgent) ? '⌘' : 'Ctrl+';

interface ConsoleShellProps {
  bridge: ConsoleBridge;
  serverUrl: string;
  screen: ConsoleScreen;
  onScreen(screen: ConsoleScreen): void;
  /** Main could not save the screen shown for the next launch: `file` is the settings file it could not write. */
  onScreenNotSaved(file: string): void;
  onChangeServer(): void;
  /** A notice from outside the shell (settings reset), shown above the screen. */
  notice?: ReactNode;
}

/**
 * The console around the shared admin screens: the server and session in the header, the
 * screens in a side navigation (also reachable from main's menu and shortcuts), and the
 * shared AdminGate, which asks for the password whenever there is no working session.
 */
export function ConsoleShell({
  bridge,
  serverUrl,
  screen,
  onScreen,
  onScreenNotSaved,
  onChangeServer,
  notice,
}: ConsoleShellProps) {
  const styles = useStyles();
  const arrowKeys = useArrowNavigationGroup({ axis: 'vertical', circular: true });
  const platform = useMemo(() => bridgePlatform(bridge), [bridge]);
  const [session, setSession] = useState(0);
  const [signingOut, setSigningOut] = useState(false);
  const [signOutError, setSignOutError] = useState<string | null>(null);
  const [confirmingSignOutAll, setConfirmingSignOutAll] = useState(false);
  // Set by a sign-out main could not confirm, until the next login: main may still hold the token.
  const [unconfirmedSignOut, setUnconfirmedSignOut] = useState(false);
  // Set while the server's last session check could not reach it (down at start-up, say).
  const [unreachable, setUnreachable] = useState(false);
  const admin = useMemo(
    () =>
      reportingReachability(unconfirmedSignOut ? withoutSession(bridge.admin) : bridge.admin, (reachable) =>
        setUnreachable(!reachable),
      ),
    [bridge, unconfirmedSignOut],
  );
  const [storage, setStorage] = useState<TokenStorage | null>(null);

  const show = useCallback(
    (next: ConsoleScreen) => {
      onScreen(next);
      void bridge.settings.setLastScreen(next).then((saved) => {
        if (!saved.ok) onScreenNotSaved(saved.file);
      });
    },
    [bridge, onScreen, onScreenNotSaved],
  );

  useEffect(() => bridge.onShowScreen(show), [bridge, show]);

  const checkStorage = useCallback(() => {
    bridge.tokenStorage().then(setStorage, () => setStorage(null));
  }, [bridge]);
  useEffect(checkStorage, [checkStorage]);

  /** A fresh gate checks the session again, finds none and asks for the password. */
  function endSession() {
    setSession((value) => value + 1);
    // Forgetting the token may have found the keychain gone: the memory-only warning then shows.
    checkStorage();
  }

  async function signOut() {
    setSigningOut(true);
    const failure = await signOutOfServer(bridge.admin);
    setSignOutError(failure);
    setUnconfirmedSignOut(failure !== null);
    setSigningOut(false);
    endSession();
  }

  const authenticated = useCallback(() => {
    setUnconfirmedSignOut(false);
    // A login went through: the server answers again.
    setUnreachable(false);
    checkStorage();
  }, [checkStorage]);

  const current = SCREENS[screen];
  const currentLabel = CONSOLE_SCREEN_LABELS[screen];
  const noticeState = { notice, signOutError, unreachable, storage };
  const notices = (place: 'page' | 'dialog') => (
    <ShellNotices {...noticeState} serverUrl={serverUrl} onDismissSignOutError={() => setSignOutError(null)} place={place} />
  );
  return (
    <div className={styles.root}>
      <header className={styles.header}>
        <div className={styles.brand}>
          <span className={styles.brandName}>HireAssist</span>
          <span className={styles.brandSuffix}>Console</span>
        </div>
        <Tooltip content="The server this console manages" relationship="description">
          <div className={styles.server} tabIndex={0} aria-label={`Server ${serverUrl}`}>
            <GlobeRegular aria-hidden className={styles.serverIcon} />
            <span className={styles.serverUrl}>{serverUrl}</span>
          </div>
        </Tooltip>
        <span className={styles.spacer} />
        <Button appearance="subtle" className={styles.headerButton} icon={<ArrowSwapRegular />} onClick={onChangeServer}>
          Change server
        </Button>
        <Button
          appearance="subtle"
          className={styles.headerButton}
          icon={<SignOutRegular />}
          onClick={() => void signOut()}
          disabled={signingOut}
        >
          {signingOut ? 'Signing out…' : 'Sign out'}
        </Button>
        <Tooltip content={SIGN_OUT_ALL_TEXT.action} relationship="label">
          <Button
            appearance="subtle"
            className={styles.headerButton}
            icon={<PersonLockRegular />}
            onClick={() => setConfirmingSignOutAll(true)}
            disabled={signingOut}
          />
        </Tooltip>
      </header>
      {confirmingSignOutAll && (
        <SignOutAllDialog
          api={bridge.admin}
          onCancel={() => setConfirmingSignOutAll(false)}
          onDone={() => {
            setConfirmingSignOutAll(false);
            endSession();
          }}
        />
      )}

      <nav className={styles.nav} aria-label="Console screens">
        <h2 className={styles.navHeading}>Manage</h2>
        <ul className={styles.navList} {...arrowKeys}>
          {CONSOLE_SCREENS.map((id, index) => {
            const entry = SCREENS[id];
            const label = CONSOLE_SCREEN_LABELS[id];
            const active = id === screen;
            return (
              <li key={id}>
                <Tooltip content={`${label} (${SHORTCUT_PREFIX}${index + 1})`} relationship="description" positioning="after">
                  <Button
                    appearance="subtle"
                    className={mergeClasses(styles.navItem, active && styles.navItemCurrent)}
                    icon={entry.icon}
                    aria-current={active ? 'page' : undefined}
                    aria-keyshortcuts={`${SHORTCUT_PREFIX === '⌘' ? 'Meta' : 'Control'}+${index + 1}`}
                    onClick={() => show(id)}
                  >
                    <span className={styles.navLabel}>{label}</span>
                    <span className={styles.shortcut} aria-hidden>
                      {SHORTCUT_PREFIX}
                      {index + 1}
                    </span>
                  </Button>
                </Tooltip>
              </li>
            );
          })}
        </ul>
        {storage === 'keychain' && (
          <Text className={styles.navFooter}>
            <ShieldKeyholeRegular aria-hidden /> <span className={styles.railHidden}>Session kept in the OS keychain</span>
          </Text>
        )}
      </nav>

      <main className={styles.main} aria-label={currentLabel}>
        <AdminGate
          key={`${serverUrl} ${session}`}
          api={admin}
          platform={platform}
          variant={current.dialogVariant}
          title={currentLabel}
          onCancel={onChangeServer}
          onAuthenticated={authenticated}
          notices={anyShellNotice(noticeState) ? notices : undefined}
        >
          <div key={screen}>{current.render(serverUrl)}</div>
        </AdminGate>
      </main>
    </div>
  );
}
