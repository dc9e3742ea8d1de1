import { Badge, Button, Link, MessageBar, MessageBarBody, useRestoreFocusTarget } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { useCallback, useMemo, useState } from 'react';
import type { OutboxMail } from '../domain/admin.ts';
import type { RecordsQuery } from '../domain/admin-lists.ts';
import { experienceLabel, type AffiliateApplication } from '../domain/affiliate.ts';
import { isMailtoOneAddress } from '../domain/external-url.ts';
import { useAdminServices } from './admin-services.tsx';
import { ApplicationDetailDrawer, applicantName } from './ApplicationDetailDrawer.tsx';
import { loadErrorText } from './messages.ts';
import { RecordsScreen, type RecordColumn } from './RecordsScreen.tsx';
import { formatDateTime, useScreenStyles } from './screen-styles.ts';
import { ErrorBar } from '../ui/MessageBars.tsx';

// The audit log pages on the server; it has its own screen.
export { AuditScreen } from './AuditScreen.tsx';

type HeadingLevel = 'h1' | 'h2';

const MAIL_STATUS_COLOUR = { queued: 'informative', sending: 'warning', sent: 'success', failed: 'danger' } as const;

/** The outbox screen's banner when the server has no SMTP or EmailJS. */
export const NO_MAIL_DELIVERY = 'Mail is kept in the outbox: no delivery is configured';

/**
 * The mail outbox: what was queued and sent, with its status, and Retry on a failed mail.
 * Mail bodies stay private.
 */
export function OutboxScreen({ headingLevel }: { headingLevel?: HeadingLevel }) {
  const { api, sessionLost } = useAdminServices();
  const styles = useScreenStyles();
  const [deliveryConfigured, setDeliveryConfigured] = useState(true);
  const [retryError, setRetryError] = useState<string | null>(null);
  // A new load function is what makes the list load again (after a retry).
  const [version, setVersion] = useState(0);
  const load = useCallback(
    async (query: RecordsQuery) => {
      const outcome = await api.listOutbox(query);
      if (outcome.ok) setDeliveryConfigured(outcome.value.deliveryConfigured);
      return outcome;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` asks for a fresh load
    [api, version],
  );
  // The mail whose Retry is on its way: a second click would be refused as "not failed" (the
  // first one queued it) and read as if the retry had failed.
  const [retrying, setRetrying] = useState<number | null>(null);
  const retry = useCallback(
    async (mail: OutboxMail) => {
      setRetrying(mail.id);
      setRetryError(null);
      const outcome = await api.retryOutboxMail(mail.id);
      if (!outcome.ok && outcome.reason === 'unauthorized') sessionLost();
      else if (!outcome.ok) setRetryError(loadErrorText(outcome, `The mail to ${mail.to} could not be retried`, 'Network error'));
      setRetrying(null);
      setVersion((current) => current + 1);
    },
    [api, sessionLost],
  );
  const columns = useMemo<RecordColumn<OutboxMail>[]>(
    () => [
      { header: 'Queued', cell: (mail) => formatDateTime(mail.createdAt), className: styles.nowrap },
      { header: 'To', cell: (mail) => mail.to, className: styles.longValue },
      { header: 'Subject', cell: (mail) => mail.subject },
      { header: 'Kind', cell: (mail) => mail.kind },
      {
        header: 'Status',
        cell: (mail) => (
          <Badge appearance="tint" shape="rounded" color={MAIL_STATUS_COLOUR[mail.status]}>
            {mail.status}
          </Badge>
        ),
      },
      { header: 'Attempts', cell: (mail) => mail.attempts },
      { header: 'Last error', cell: (mail) => mail.lastError ?? '—', className: styles.wrapText },
      {
        header: 'Actions',
        pinned: true,
        cell: (mail) =>
          mail.status === 'failed' ? (
            <Button
              size="small"
              icon={<ArrowClockwiseRegular />}
              aria-label={`Retry the mail to ${mail.to}`}
              disabledFocusable={retrying === mail.id}
              onClick={() => void retry(mail)}
            >
              Retry
            </Button>
          ) : null,
      },
    ],
    [styles, retry, retrying],
  );
  return (
    <RecordsScreen
      title="Mail Outbox"
      description="Every mail the site sends is queued here first; delivery status per mail, newest first."
      noun={{ one: 'mail', other: 'mails' }}
      searchLabel="Search by recipient, subject, kind or status"
      load={load}
      columns={columns}
      rowKey={(mail) => mail.id}
      headingLevel={headingLevel}
      notice={
        <>
          {!deliveryConfigured && (
            <MessageBar intent="warning">
              <MessageBarBody>{NO_MAIL_DELIVERY}</MessageBarBody>
            </MessageBar>
          )}
          <ErrorBar message={retryError} />
        </>
      }
    />
  );
}

/**
 * An address as a mail link, opened through the platform: the console's window may navigate
 * nowhere, so its main hands the link to the mail app. An address no plain mail link can carry
 * stays text.
 */
function MailLink({ address }: { address: string }) {
  const { platform } = useAdminServices();
  const href = `mailto:${address}`;
  if (!isMailtoOneAddress(href)) return address;
  return (
    <Link
      href={href}
      onClick={(event) => {
        event.preventDefault();
        void platform.openExternal(href);
      }}
    >
      {address}
    </Link>
  );
}

/** Affiliate applications sent from the /affiliates page. */
export function AffiliateApplicationsScreen({ headingLevel }: { headingLevel?: HeadingLevel }) {
  const { api } = useAdminServices();
  const styles = useScreenStyles();
  const [opened, setOpened] = useState<AffiliateApplication | null>(null);
  const restoreFocusTarget = useRestoreFocusTarget();
  const columns = useMemo<RecordColumn<AffiliateApplication>[]>(() => {
    // Long answers are clamped to a few lines in the table; the name opens the whole application.
    const clamped = (text: string) => (text ? <span className={styles.clampedText}>{text}</span> : '—');
    return [
      { header: 'Received', cell: (app) => formatDateTime(app.createdAt), className: styles.nowrap },
      {
        header: 'Name',
        cell: (app) => (
          <Button
            appearance="transparent"
            className={styles.openButton}
            onClick={() => setOpened(app)}
            aria-label={`Open the application of ${applicantName(app)}`}
            {...restoreFocusTarget}
          >
            {`${app.firstName} ${app.lastName}`}
          </Button>
        ),
        className: styles.longValue,
      },
      { header: 'Email', cell: (app) => <MailLink address={app.email} />, className: styles.longValue },
      { header: 'Company', cell: (app) => app.company || '—', className: styles.longValue },
      { header: 'Website', cell: (app) => app.website || '—', className: styles.longValue },
      { header: 'Experience', cell: (app) => experienceLabel(app.experience) || '—' },
      { header: 'Audience', cell: (app) => clamped(app.audience), className: styles.longText },
      { header: 'Motivation', cell: (app) => clamped(app.motivation), className: styles.longText },
    ];
  }, [styles, restoreFocusTarget]);
  return (
    <>
      <RecordsScreen
        title="Affiliate Applications"
        description="Applications to the partner program, newest first. Reply by email within 2-3 business days."
        noun={{ one: 'application', other: 'applications' }}
        searchLabel="Search by name, email or company"
        load={useCallback((query: RecordsQuery) => api.listAffiliateApplications(query), [api])}
        columns={columns}
        rowKey={(app) => app.id}
        headingLevel={headingLevel}
      />
      {opened && <ApplicationDetailDrawer application={opened} onClose={() => setOpened(null)} />}
    </>
  );
}
