import { Button, makeStyles, tokens } from '@fluentui/react-components';
import {
  DocumentTableRegular,
  HistoryRegular,
  MailInboxRegular,
  PeopleRegular,
  PersonAddRegular,
  PersonLockRegular,
  SignOutRegular,
} from '@fluentui/react-icons';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SIGN_OUT_ALL_TEXT, SignOutAllDialog } from '../../../src-shared/admin/SignOutAllDialog.tsx';
import { useAdminSession } from '../../../src-shared/admin/use-admin-session.ts';
import { INTERFACE, SMALL_SCREEN_MAX_WIDTH_PX } from '../../../src-shared/domain/constants.ts';
import { PATHS } from '../../../src-shared/domain/routes.ts';
import { setAdminMode } from '../admin-mode/admin-mode.ts';
import { webAdminApi } from './web-admin-api.ts';
import { subscribeToAdminTokenChanges } from './web-platform.ts';

const useStyles = makeStyles({
  root: {
    position: 'fixed',
    top: `${INTERFACE.layoutOffsetPx + 8}px`,
    left: '12px',
    zIndex: 1000,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalS,
    [`@media (max-width: ${SMALL_SCREEN_MAX_WIDTH_PX}px)`]: { top: `${INTERFACE.layoutOffsetSmallPx + 8}px` },
  },
  badge: {
    backgroundColor: '#c62828',
    color: '#ffffff',
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    fontFamily: 'inherit',
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightBold,
    letterSpacing: '0.08em',
    cursor: 'pointer',
    boxShadow: tokens.shadow8,
    ':hover': { backgroundColor: '#b71c1c' },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingVerticalS,
    minWidth: '200px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow16,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  item: { justifyContent: 'flex-start' },
  status: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3, padding: `0 ${tokens.spacingHorizontalS}` },
});

/**
 * The admin floating panel: the red 'ADMIN MODE' box at the top left; the admin pages (Leads,
 * Users, Audit log, Mail outbox, Affiliate applications) and, when signed in, Logout. The
 * session is checked every 30 seconds while it shows.
 */
export function AdminPanel() {
  const styles = useStyles();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [confirmingSignOutAll, setConfirmingSignOutAll] = useState(false);
  const session = useAdminSession(webAdminApi, {
    onLost: () => setAdminMode(false),
    subscribeToTokenChanges: subscribeToAdminTokenChanges,
  });

  // Choosing a screen closes the panel, so it does not cover what it opened.
  const go = (path: string) => {
    setOpen(false);
    void navigate(path);
  };

  /** After Logout, and after "Sign out all" (which ended this session with the others). */
  function signedOut() {
    void session.recheck();
    setOpen(false);
    if (location.pathname.startsWith('/admin/')) void navigate(PATHS.home);
  }

  async function logout() {
    await webAdminApi.logout();
    signedOut();
  }

  return (
    <div className={styles.root}>
      <button
        type="button"
        className={styles.badge}
        aria-expanded={open}
        aria-controls="admin-panel"
        onClick={() => setOpen(!open)}
      >
        ADMIN MODE
      </button>
      {open && (
        <nav id="admin-panel" className={styles.card} aria-label="Admin">
          <Button
            className={styles.item}
            appearance="subtle"
            icon={<DocumentTableRegular />}
            onClick={() => go(PATHS.adminLeads)}
          >
            Leads
          </Button>
          <Button className={styles.item} appearance="subtle" icon={<PeopleRegular />} onClick={() => go(PATHS.adminUsers)}>
            Users
          </Button>
          <Button className={styles.item} appearance="subtle" icon={<HistoryRegular />} onClick={() => go(PATHS.adminAudit)}>
            Audit log
          </Button>
          <Button className={styles.item} appearance="subtle" icon={<MailInboxRegular />} onClick={() => go(PATHS.adminOutbox)}>
            Mail outbox
          </Button>
          <Button
            className={styles.item}
            appearance="subtle"
            icon={<PersonAddRegular />}
            onClick={() => go(PATHS.adminAffiliates)}
          >
            Affiliate applications
          </Button>
          {/* Logout and Sign out all only beside a live session: never next to "Not signed in". */}
          {session.status === 'valid' && (
            <>
              <Button className={styles.item} appearance="subtle" icon={<SignOutRegular />} onClick={() => void logout()}>
                Logout
              </Button>
              <Button
                className={styles.item}
                appearance="subtle"
                icon={<PersonLockRegular />}
                onClick={() => {
                  setOpen(false);
                  setConfirmingSignOutAll(true);
                }}
              >
                {SIGN_OUT_ALL_TEXT.action}
              </Button>
            </>
          )}
          <span className={styles.status} role="status">
            {session.status === 'valid'
              ? 'Signed in as admin'
              : session.status === 'checking'
                ? 'Checking session…'
                : 'Not signed in'}
          </span>
        </nav>
      )}
      {confirmingSignOutAll && (
        <SignOutAllDialog
          api={webAdminApi}
          onCancel={() => setConfirmingSignOutAll(false)}
          onDone={() => {
            setConfirmingSignOutAll(false);
            signedOut();
          }}
        />
      )}
    </div>
  );
}
