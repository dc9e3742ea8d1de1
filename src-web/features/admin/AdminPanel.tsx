import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTrigger,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  DismissRegular,
  DocumentTableRegular,
  HistoryRegular,
  MailInboxRegular,
  PeopleRegular,
  PersonAddRegular,
  SignOutRegular,
} from '@fluentui/react-icons';
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AffiliateApplicationsScreen, AuditScreen, OutboxScreen } from '../../../src-shared/admin/OperatorScreens.tsx';
import { useAdminSession } from '../../../src-shared/admin/use-admin-session.ts';
import { INTERFACE, SMALL_SCREEN_MAX_WIDTH_PX } from '../../../src-shared/domain/constants.ts';
import { PATHS } from '../../../src-shared/domain/routes.ts';
import { setAdminMode } from '../admin-mode/admin-mode.ts';
import { webAdminApi } from './web-admin-api.ts';
import { subscribeToAdminTokenChanges } from './web-platform.ts';
import { WebAdminGate } from './WebAdminGate.tsx';

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
  surface: { maxWidth: 'min(1200px, calc(100vw - 32px))', width: '100%' },
  titleBar: { display: 'flex', justifyContent: 'flex-end' },
});

type OperatorView = 'audit' | 'outbox' | 'applications';

const VIEW_TITLES: Record<OperatorView, string> = {
  audit: 'Audit log',
  outbox: 'Mail outbox',
  applications: 'Affiliate applications',
};

/**
 * The admin floating panel (spec §2): the red 'ADMIN MODE' box at the top left; Leads, Users,
 * the operator's views and Logout. The session is checked every 30 seconds while it shows.
 */
export function AdminPanel() {
  const styles = useStyles();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<OperatorView | null>(null);
  const session = useAdminSession(webAdminApi, {
    onLost: () => setAdminMode(false),
    subscribeToTokenChanges: subscribeToAdminTokenChanges,
  });

  // Choosing a screen closes the panel, so it does not cover what it opened.
  const go = (path: string) => {
    setOpen(false);
    void navigate(path);
  };
  const show = (next: OperatorView) => {
    setOpen(false);
    setView(next);
  };

  async function logout() {
    await webAdminApi.logout();
    void session.recheck();
    setOpen(false);
    if (location.pathname.startsWith('/admin/')) void navigate(PATHS.home);
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
          <Button className={styles.item} appearance="subtle" icon={<HistoryRegular />} onClick={() => show('audit')}>
            {VIEW_TITLES.audit}
          </Button>
          <Button className={styles.item} appearance="subtle" icon={<MailInboxRegular />} onClick={() => show('outbox')}>
            {VIEW_TITLES.outbox}
          </Button>
          <Button className={styles.item} appearance="subtle" icon={<PersonAddRegular />} onClick={() => show('applications')}>
            {VIEW_TITLES.applications}
          </Button>
          <Button className={styles.item} appearance="subtle" icon={<SignOutRegular />} onClick={() => void logout()}>
            Logout
          </Button>
          <span className={styles.status} role="status">
            {session.status === 'valid'
              ? 'Signed in as admin'
              : session.status === 'checking'
                ? 'Checking session…'
                : 'Not signed in'}
          </span>
        </nav>
      )}
      {view && (
        <OperatorViewDialog title={VIEW_TITLES[view]} onClose={() => setView(null)}>
          {view === 'audit' && <AuditScreen headingLevel="h2" />}
          {view === 'outbox' && <OutboxScreen headingLevel="h2" />}
          {view === 'applications' && <AffiliateApplicationsScreen headingLevel="h2" />}
        </OperatorViewDialog>
      )}
    </div>
  );
}

function OperatorViewDialog({ title, onClose, children }: { title: string; onClose(): void; children: ReactNode }) {
  const styles = useStyles();
  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface} aria-label={title}>
        <DialogBody>
          <DialogContent>
            <div className={styles.titleBar}>
              <DialogTrigger action="close">
                <Button appearance="subtle" aria-label={`Close ${title}`} icon={<DismissRegular />} />
              </DialogTrigger>
            </div>
            <WebAdminGate variant="users" title={title} onCancel={onClose}>
              {children}
            </WebAdminGate>
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
