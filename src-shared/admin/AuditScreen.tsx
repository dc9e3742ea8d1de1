import {
  Button,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  Select,
  TableCell,
  TableHeaderCell,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { AUDIT_EVENT_TYPES, AuditQuerySchema, type AuditEvent, type AuditEventType, type AuditQuery } from '../domain/audit.ts';
import { maxLengthOf } from '../domain/schema-limits.ts';
import { useAdminServices } from './admin-services.tsx';
import { AUDIT_TYPE_LABELS, describeAuditEvent } from './audit-sentences.ts';
import { countSummary, ListStatus } from './ListStatus.tsx';
import { loadErrorText } from './messages.ts';
import { formatDateTime, PHONE, useScreenStyles } from './screen-styles.ts';
import { usePagedList } from './use-paged-list.ts';
import { useViewParams } from './view-params.tsx';
import { VirtualTable } from './VirtualTable.tsx';

const EVENTS = { one: 'event', other: 'events' };

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  fields: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
  },
  // Grid cells may shrink below their controls' intrinsic width; the controls fill the cell.
  field: { minWidth: 0, '& select, & .fui-Input': { width: '100%', minWidth: 0 } },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  sentence: { overflowWrap: 'anywhere', minWidth: '220px' },
  type: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap' },
  // On a phone the sentence takes the row; when and where move under it.
  wide: { [PHONE]: { display: 'none' } },
  narrow: { display: 'none', [PHONE]: { display: 'block' } },
});

/** The filters as the form holds them: dates are the operator's local calendar days. */
interface FilterForm {
  type: AuditEventType | '';
  actor: string;
  fromDay: string;
  toDay: string;
}

const NO_FILTERS: FilterForm = { type: '', actor: '', fromDay: '', toDay: '' };
/** The applied filters as kept (in the web's address), by the API's names. */
const AUDIT_VIEW = { type: '', actor: '', from: '', to: '' } as const;
const isEmpty = (form: FilterForm) => !form.type && !form.actor.trim() && !form.fromDay && !form.toDay;
const TYPE_LABELS: Partial<Record<string, string>> = AUDIT_TYPE_LABELS;

/** The query for a form: from the start of the first day to the end of the last, in local time. */
function queryOf(form: FilterForm): AuditQuery {
  const startOf = (day: string) => new Date(`${day}T00:00:00`);
  const query: AuditQuery = {};
  if (form.type) query.type = form.type;
  if (form.actor.trim()) query.actor = form.actor.trim();
  if (form.fromDay) query.from = startOf(form.fromDay).toISOString();
  if (form.toDay) {
    const end = startOf(form.toDay);
    end.setDate(end.getDate() + 1);
    query.to = end.toISOString();
  }
  return query;
}

/** Whether the web app added to the event, or (for events from before the server recorded them) wrote it. */
function annotationNote(event: AuditEvent): string {
  if (!event.annotation) return '';
  return event.annotation.writtenByBrowser === true
    ? ' · written from what a browser sent, unverified'
    : ' · reported by the web app';
}

/** Events asked for at a time: the table asks for the next page as the operator scrolls near the end. */
const PAGE_SIZE = 100;

/**
 * The audit log as sentences ("dana@example.com signed in with Google"), newest first,
 * filtered and paged by the server: a flood of one kind never hides another. Only the rows in
 * view are drawn, however many pages the operator has scrolled through.
 */
export function AuditScreen({ headingLevel = 'h1' }: { headingLevel?: 'h1' | 'h2' }) {
  const { api } = useAdminServices();
  const styles = useScreenStyles();
  const own = useStyles();
  // The applied filters are kept (in the web's address); the form holds them as edited, until Apply.
  const [view, setView] = useViewParams(AUDIT_VIEW);
  const applied = useMemo<FilterForm>(
    () => ({
      // From an address anyone may have edited: only a type the screen offers.
      type: (AUDIT_EVENT_TYPES as readonly string[]).includes(view.type) ? (view.type as AuditEventType) : '',
      actor: view.actor,
      fromDay: view.from,
      toDay: view.to,
    }),
    [view],
  );
  const [form, setForm] = useState<FilterForm>(applied);
  // Back, Forward or a link brought other filters: the form shows them.
  const [lastApplied, setLastApplied] = useState(applied);
  if (lastApplied !== applied) {
    setLastApplied(applied);
    setForm(applied);
  }
  const query = useMemo(() => queryOf(applied), [applied]);
  const load = useCallback((request: AuditQuery & { cursor?: string }) => api.listAudit({ ...request, limit: PAGE_SIZE }), [api]);
  const { state, reload, loadMore } = usePagedList(load, query);

  const keep = (filters: FilterForm) =>
    setView({ type: filters.type, actor: filters.actor, from: filters.fromDay, to: filters.toDay });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    // The same filters again are a refresh: nothing new to keep, so the list reloads itself.
    if (JSON.stringify(form) === JSON.stringify(applied)) void reload();
    else keep(form);
  };
  // Clear turns itself off: the focus goes to the first filter, not off the page.
  const firstFilter = useRef<HTMLSelectElement>(null);
  const clear = () => {
    setForm(NO_FILTERS);
    keep(NO_FILTERS);
    firstFilter.current?.focus();
  };
  const filtered = !isEmpty(applied);
  const headingId = 'audit-log-title';
  const loading = state.phase === 'loading';
  const count = state.items.length;

  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <div>
        <Title2 as={headingLevel} id={headingId} className={styles.heading}>
          Audit Log
        </Title2>
        <p className={styles.subtitle}>
          Sign-ins, account changes and the operator&apos;s actions, as the server recorded them, newest first.
        </p>
      </div>
      <form className={own.form} onSubmit={apply} aria-label="Filter events" role="search">
        <div className={own.fields}>
          <Field label="Event type" className={own.field}>
            <Select
              ref={firstFilter}
              value={form.type}
              onChange={(_event, data) => setForm({ ...form, type: data.value as FilterForm['type'] })}
            >
              <option value="">All events</option>
              {AUDIT_EVENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {AUDIT_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Who (email)" className={own.field}>
            <Input
              type="email"
              value={form.actor}
              placeholder="dana@example.com"
              maxLength={maxLengthOf(AuditQuerySchema.properties.actor)}
              onChange={(_event, data) => setForm({ ...form, actor: data.value })}
            />
          </Field>
          <Field label="From" className={own.field}>
            <Input type="date" value={form.fromDay} onChange={(_event, data) => setForm({ ...form, fromDay: data.value })} />
          </Field>
          <Field label="To" className={own.field}>
            <Input type="date" value={form.toDay} onChange={(_event, data) => setForm({ ...form, toDay: data.value })} />
          </Field>
        </div>
        <div className={own.buttons}>
          <Button type="submit" appearance="primary">
            Apply
          </Button>
          <Button type="button" onClick={clear} disabled={!filtered && isEmpty(form)}>
            Clear
          </Button>
          {/* Focusable while it loads: pressed with the keyboard, it keeps the focus. */}
          <Button type="button" icon={<ArrowClockwiseRegular />} onClick={() => void reload()} disabledFocusable={loading}>
            Refresh
          </Button>
        </div>
      </form>
      <ListStatus
        empty={count === 0}
        loadError={
          state.phase === 'error' && state.failure
            ? loadErrorText(state.failure, 'Failed to fetch events', 'Network error')
            : null
        }
        loading={loading}
        loadingLabel="Loading events…"
        summary={`${countSummary(count, state.total, state.totalIsEstimate, EVENTS)}${filtered ? ' matching the filters' : ''}`}
      />
      <VirtualTable
        label="Audit Log"
        list={state}
        onNearEnd={() => void loadMore()}
        rowKey={(event) => event.id}
        stackOnPhone
        header={
          <>
            <TableHeaderCell className={own.wide}>When</TableHeaderCell>
            <TableHeaderCell>What happened</TableHeaderCell>
            <TableHeaderCell className={own.wide}>Address</TableHeaderCell>
          </>
        }
        renderRow={(event) => (
          <>
            <TableCell className={mergeClasses(styles.nowrap, own.wide)}>{formatDateTime(event.createdAt)}</TableCell>
            <TableCell className={own.sentence}>
              <div>{describeAuditEvent(event)}</div>
              <div className={own.type}>
                {TYPE_LABELS[event.eventType] ?? event.eventType}
                {annotationNote(event)}
              </div>
              <div className={mergeClasses(own.type, own.narrow)}>
                {formatDateTime(event.createdAt)}
                {event.ip ? ` · ${event.ip}` : ''}
              </div>
            </TableCell>
            <TableCell className={mergeClasses(styles.nowrap, own.wide)}>{event.ip ?? '—'}</TableCell>
          </>
        )}
        footer={
          // Only a list that loaded can be empty; after a failure the error says what happened.
          state.phase === 'ready' &&
          count === 0 && <p className={styles.empty}>{filtered ? 'No events match these filters.' : 'No events yet.'}</p>
        }
      />
    </section>
  );
}
