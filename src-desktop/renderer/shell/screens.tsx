import {
  DocumentGlobeRegular,
  DocumentTableRegular,
  HistoryRegular,
  MailInboxRegular,
  PeopleRegular,
  PersonAddRegular,
} from '@fluentui/react-icons';
import type { ReactElement, ReactNode } from 'react';
import { BlogHtmlScreen } from '../../../src-shared/admin/BlogHtmlScreen.tsx';
import { LeadsScreen } from '../../../src-shared/admin/LeadsScreen.tsx';
import type { AdminDialogVariant } from '../../../src-shared/admin/messages.ts';
import { AffiliateApplicationsScreen, AuditScreen, OutboxScreen } from '../../../src-shared/admin/OperatorScreens.tsx';
import { UsersScreen } from '../../../src-shared/admin/UsersScreen.tsx';
import type { ConsoleScreen } from '../../contract/bridge.ts';

/** A screen's name is in CONSOLE_SCREEN_LABELS, which main's menu shares. */
interface ScreenEntry {
  icon: ReactElement;
  /** The password dialog's error texts in front of this screen: the leads screen has its own (see src-shared/admin/messages.ts). */
  dialogVariant: AdminDialogVariant;
  render(serverUrl: string): ReactNode;
}

/** The console's screens, in menu order (main's Ctrl+1…6 follow CONSOLE_SCREENS, the same order). */
export const SCREENS: Record<ConsoleScreen, ScreenEntry> = {
  leads: { icon: <DocumentTableRegular />, dialogVariant: 'leads', render: () => <LeadsScreen /> },
  users: { icon: <PeopleRegular />, dialogVariant: 'users', render: () => <UsersScreen /> },
  blog: {
    icon: <DocumentGlobeRegular />,
    dialogVariant: 'users',
    render: (serverUrl) => (
      <BlogHtmlScreen
        title="Blog Pages"
        description="Generate the static, search-engine friendly page of each published post. Pages are sanitized and stored on the server."
        pageUrl={(slug) => `${serverUrl}/blog/${encodeURIComponent(slug)}.html`}
      />
    ),
  },
  audit: { icon: <HistoryRegular />, dialogVariant: 'users', render: () => <AuditScreen /> },
  outbox: { icon: <MailInboxRegular />, dialogVariant: 'users', render: () => <OutboxScreen /> },
  applications: {
    icon: <PersonAddRegular />,
    dialogVariant: 'users',
    render: () => <AffiliateApplicationsScreen />,
  },
};
