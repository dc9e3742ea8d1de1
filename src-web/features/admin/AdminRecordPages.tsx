import type { ReactNode } from 'react';
import { AffiliateApplicationsScreen, AuditScreen, OutboxScreen } from '../../../src-shared/admin/OperatorScreens.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { WebAdminGate } from './WebAdminGate.tsx';

/** The operator's record lists as pages of their own, behind the same admin gate as Leads and Users. */
function RecordPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <WebAdminGate variant="users" title={title}>
      {children}
    </WebAdminGate>
  );
}

/** /admin/audit. */
export function AdminAuditPage() {
  return (
    <RecordPage title="Audit Log">
      <AuditScreen />
    </RecordPage>
  );
}

/** /admin/outbox. */
export function AdminOutboxPage() {
  return (
    <RecordPage title="Mail Outbox">
      <OutboxScreen />
    </RecordPage>
  );
}

/** /admin/affiliates. */
export function AdminAffiliatesPage() {
  return (
    <RecordPage title="Affiliate Applications">
      <AffiliateApplicationsScreen />
    </RecordPage>
  );
}
