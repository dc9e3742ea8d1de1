import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  makeStyles,
  MessageBar,
  MessageBarBody,
  OverlayDrawer,
  Spinner,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import type { Lead } from '../domain/admin.ts';
import { HOSTED_LEAD_NO_DETAIL, type LeadDetail } from '../domain/admin-lists.ts';
import { experienceLabel, type AffiliateApplication } from '../domain/affiliate.ts';
import { useAdminServices } from './admin-services.tsx';
import { formatDateTime } from './screen-styles.ts';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, paddingBottom: tokens.spacingVerticalXL },
  fields: {
    display: 'grid',
    gridTemplateColumns: 'minmax(90px, max-content) 1fr',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' },
  message: {
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    margin: 0,
    padding: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
  },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

type Loaded = { phase: 'loading' } | { phase: 'ready'; detail: LeadDetail } | { phase: 'missing'; error: string };

/** Name/value pairs, skipping the empty ones. */
function Fields({ rows }: { rows: [string, string | null | undefined][] }) {
  const styles = useStyles();
  const shown = rows.filter(([, value]) => value);
  if (shown.length === 0) return null;
  return (
    <dl className={styles.fields}>
      {shown.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** An affiliate application's fields, as the lead's drawer and the applications' own drawer show them. */
export function ApplicationFields({ application }: { application: Omit<AffiliateApplication, 'id'> }) {
  return (
    <Fields
      rows={[
        ['Name', `${application.firstName} ${application.lastName}`.trim()],
        ['Email', application.email],
        ['Company', application.company],
        ['Website', application.website],
        ['Experience', experienceLabel(application.experience)],
        ['Audience', application.audience],
        ['Motivation', application.motivation],
        ['Applied', formatDateTime(application.createdAt)],
      ]}
    />
  );
}

/** A lead opened from the list: everything it holds (messages, affiliate application, referral, source). */
export function LeadDetailDrawer({ lead, onClose }: { lead: Lead; onClose(): void }) {
  const styles = useStyles();
  const { api, sessionLost } = useAdminServices();
  // A hosted (Supabase) table's lead has only its row: no forms of ours recorded it, and its
  // id, a number or not, is not one of our database's.
  const localId = lead.hosted || typeof lead.id !== 'number' ? null : lead.id;
  const [loaded, setLoaded] = useState<Loaded>(
    localId === null ? { phase: 'missing', error: HOSTED_LEAD_NO_DETAIL } : { phase: 'loading' },
  );
  useEffect(() => {
    let current = true;
    if (localId === null) return;
    void api.leadDetail(localId).then((outcome) => {
      if (!current) return;
      if (!outcome.ok && outcome.reason === 'unauthorized') sessionLost();
      setLoaded(
        outcome.ok
          ? { phase: 'ready', detail: outcome.value }
          : {
              phase: 'missing',
              error: outcome.reason === 'network' ? 'Network error occurred' : (outcome.error ?? 'Failed to fetch the lead'),
            },
      );
    });
    return () => {
      current = false;
    };
  }, [api, localId, sessionLost]);

  const detail = loaded.phase === 'ready' ? loaded.detail : null;
  const application = detail?.affiliateApplication;
  const referral = detail?.signup?.referral;
  return (
    <OverlayDrawer open position="end" size="medium" onOpenChange={(_event, data) => !data.open && onClose()}>
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label="Close" icon={<DismissRegular />} onClick={onClose} />}>
          {lead.name || lead.email}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={styles.body}>
        <Fields
          rows={[
            ['Name', lead.name],
            ['Email', lead.email],
            ['Source', lead.source],
            ['Created At', formatDateTime(lead.created_at)],
          ]}
        />
        {loaded.phase === 'loading' && <Spinner size="tiny" label="Loading the lead…" />}
        {loaded.phase === 'missing' && (
          <MessageBar intent="info">
            <MessageBarBody>{loaded.error}</MessageBarBody>
          </MessageBar>
        )}
        {detail?.messages.map((message, index) => (
          <section key={index} className={styles.section} aria-label={`Message ${index + 1}`}>
            <Subtitle2 as="h2">{message.subject ? `Subject: ${message.subject}` : 'Message'}</Subtitle2>
            <span className={styles.term}>{formatDateTime(message.createdAt)}</span>
            <p className={styles.message}>{message.message}</p>
          </section>
        ))}
        {application && (
          <section className={styles.section} aria-label="Affiliate application">
            <Subtitle2 as="h2">Affiliate application</Subtitle2>
            <ApplicationFields application={application} />
          </section>
        )}
        {detail?.signup && (
          <section className={styles.section} aria-label="Account sign-up">
            <Subtitle2 as="h2">Account sign-up</Subtitle2>
            <Fields
              rows={[
                ['Signed up', formatDateTime(detail.signup.createdAt)],
                ['Account', detail.signup.userSub],
                ...Object.entries(referral ?? {}).map(([key, value]): [string, string | null] => [`Referral ${key}`, value]),
              ]}
            />
          </section>
        )}
        {detail && detail.messages.length === 0 && !application && !detail.signup && (
          <p className={styles.term}>No message, application or sign-up was recorded with this lead.</p>
        )}
      </DrawerBody>
    </OverlayDrawer>
  );
}
