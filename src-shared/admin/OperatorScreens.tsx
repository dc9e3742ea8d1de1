import { Badge, Link } from '@fluentui/react-components';
import { useCallback, useMemo } from 'react';
import type { AuditEvent, OutboxMail } from '../domain/admin.ts';
import { experienceLabel, type AffiliateApplication } from '../domain/affiliate.ts';
import { useAdminServices } from './admin-services.tsx';
import { RecordsScreen, type RecordColumn } from './RecordsScreen.tsx';
import { formatDateTime, useScreenStyles } from './screen-styles.ts';

type HeadingLevel = 'h1' | 'h2';

/** The audit log: admin logins and actions, and (once customer accounts log them) customer audits. */
export function AuditScreen({ headingLevel }: { headingLevel?: HeadingLevel }) {
  const { api } = useAdminServices();
  const styles = useScreenStyles();
  const columns = useMemo<RecordColumn<AuditEvent>[]>(
    () => [
      { header: 'When', cell: (event) => formatDateTime(event.createdAt), className: styles.nowrap },
      { header: 'Event', cell: (event) => event.eventType, text: (event) => event.eventType },
      { header: 'Actor', cell: (event) => event.actor, text: (event) => event.actor },
      { header: 'Subject', cell: (event) => event.subject ?? '—', text: (event) => event.subject ?? '' },
      {
        header: 'Details',
        cell: (event) => (Object.keys(event.details).length ? JSON.stringify(event.details) : '—'),
        text: (event) => JSON.stringify(event.details),
        className: styles.wrapText,
      },
      { header: 'Address', cell: (event) => event.ip ?? '—', text: (event) => event.ip ?? '' },
    ],
    [styles],
  );
  return (
    <RecordsScreen
      title="Audit Log"
      description="Admin logins and admin actions (enable, disable, delete, export), newest first."
      noun="events"
      load={useCallback(() => api.listAudit(), [api])}
      columns={columns}
      rowKey={(event) => event.id}
      headingLevel={headingLevel}
    />
  );
}

const MAIL_STATUS_COLOUR = { queued: 'informative', sending: 'warning', sent: 'success', failed: 'danger' } as const;

/** The mail outbox: what was queued and sent, with its status. Mail bodies stay private. */
export function OutboxScreen({ headingLevel }: { headingLevel?: HeadingLevel }) {
  const { api } = useAdminServices();
  const styles = useScreenStyles();
  const columns = useMemo<RecordColumn<OutboxMail>[]>(
    () => [
      { header: 'Queued', cell: (mail) => formatDateTime(mail.createdAt), className: styles.nowrap },
      { header: 'To', cell: (mail) => mail.to, text: (mail) => mail.to },
      { header: 'Subject', cell: (mail) => mail.subject, text: (mail) => mail.subject },
      { header: 'Kind', cell: (mail) => mail.kind, text: (mail) => mail.kind },
      {
        header: 'Status',
        cell: (mail) => (
          <Badge appearance="tint" shape="rounded" color={MAIL_STATUS_COLOUR[mail.status]}>
            {mail.status}
          </Badge>
        ),
        text: (mail) => mail.status,
      },
      { header: 'Attempts', cell: (mail) => mail.attempts },
      { header: 'Last error', cell: (mail) => mail.lastError ?? '—', className: styles.wrapText },
    ],
    [styles],
  );
  return (
    <RecordsScreen
      title="Mail Outbox"
      description="Every mail the site sends is queued here first; delivery status per mail, newest first."
      noun="mails"
      load={useCallback(() => api.listOutbox(), [api])}
      columns={columns}
      rowKey={(mail) => mail.id}
      headingLevel={headingLevel}
    />
  );
}

/** Affiliate applications sent from the /affiliates page. */
export function AffiliateApplicationsScreen({ headingLevel }: { headingLevel?: HeadingLevel }) {
  const { api } = useAdminServices();
  const styles = useScreenStyles();
  const columns = useMemo<RecordColumn<AffiliateApplication>[]>(
    () => [
      { header: 'Received', cell: (app) => formatDateTime(app.createdAt), className: styles.nowrap },
      { header: 'Name', cell: (app) => `${app.firstName} ${app.lastName}`, text: (app) => `${app.firstName} ${app.lastName}` },
      {
        header: 'Email',
        cell: (app) => <Link href={`mailto:${app.email}`}>{app.email}</Link>,
        text: (app) => app.email,
      },
      { header: 'Company', cell: (app) => app.company || '—', text: (app) => app.company },
      { header: 'Website', cell: (app) => app.website || '—', text: (app) => app.website },
      { header: 'Experience', cell: (app) => experienceLabel(app.experience) || '—' },
      { header: 'Audience', cell: (app) => app.audience || '—', text: (app) => app.audience, className: styles.wrapText },
      { header: 'Motivation', cell: (app) => app.motivation || '—', text: (app) => app.motivation, className: styles.wrapText },
    ],
    [styles],
  );
  return (
    <RecordsScreen
      title="Affiliate Applications"
      description="Applications to the partner program, newest first. Reply by email within 2-3 business days."
      noun="applications"
      load={useCallback(() => api.listAffiliateApplications(), [api])}
      columns={columns}
      rowKey={(app) => app.id}
      headingLevel={headingLevel}
    />
  );
}
