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
import { AffiliateApplicationsScreen, AuditScreen, OutboxScreen } from '../../../src-shared/admin/OperatorScreens.tsx';
import { UsersScreen } from '../../../src-shared/admin/UsersScreen.tsx';
import type { ConsoleScreen } from '../../contract/bridge.ts';

interface ScreenEntry {
  label: string;
  icon: ReactElement;
  render(serverUrl: string): ReactNode;
}

/** The console's screens, in menu order (main's Ctrl+1…6 follow CONSOLE_SCREENS, the same order). */
export const SCREENS: Record<ConsoleScreen, ScreenEntry> = {
  leads: { label: 'Leads', icon: <DocumentTableRegular />, render: () => <LeadsScreen /> },
  users: { label: 'Users', icon: <PeopleRegular />, render: () => <UsersScreen /> },
  blog: {
    label: 'Blog pages',
    icon: <DocumentGlobeRegular />,
    render: (serverUrl) => (
      <BlogHtmlScreen
        title="Blog Pages"
        description="Generate the static, search-engine friendly page of each published post. Pages are sanitized and stored on the server."
        pageUrl={(slug) => `${serverUrl}/blog/${encodeURIComponent(slug)}.html`}
      />
    ),
  },
  audit: { label: 'Audit log', icon: <HistoryRegular />, render: () => <AuditScreen /> },
  outbox: { label: 'Mail outbox', icon: <MailInboxRegular />, render: () => <OutboxScreen /> },
  applications: { label: 'Affiliate applications', icon: <PersonAddRegular />, render: () => <AffiliateApplicationsScreen /> },
};
