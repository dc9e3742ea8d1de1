import {
  Badge,
  Button,
  Input,
  Label,
  makeStyles,
  TableCell,
  TableHeaderCell,
  Title2,
  tokens,
  useRestoreFocusTarget,
} from '@fluentui/react-components';
import { useCallback, useId, useMemo, useState } from 'react';
import type { Lead } from '../domain/admin.ts';
import { LeadsQuerySchema, type LeadsChartQuery, type LeadsQuery } from '../domain/admin-lists.ts';
import { isPrimaryLeadSource } from '../domain/managed-user.ts';
import { maxLengthOf } from '../domain/schema-limits.ts';
import { useAdminServices } from './admin-services.tsx';
import { LeadDetailDrawer } from './LeadDetailDrawer.tsx';
import { LeadsChart } from './LeadsChart.tsx';
import type { LeadsChartSelection } from './LeadsChartData.ts';
import { ListStatus } from './ListStatus.tsx';
import { ListToolbar } from './ListToolbar.tsx';
import { ADMIN_TEXT, loadErrorText } from './messages.ts';
import { formatDateTime, useScreenStyles } from './screen-styles.ts';
import { useCsvExport } from './use-csv-export.ts';
import { useDebouncedValue, usePagedList } from './use-paged-list.ts';
import { useViewParams } from './view-params.tsx';
import { VirtualTable } from './VirtualTable.tsx';

const useStyles = makeStyles({
  filter: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  // From and To move to the next line together when the toolbar wraps: a range split over two lines reads badly.
  dates: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  source: { width: '140px' },
  name: { textAlign: 'start', fontWeight: tokens.fontWeightRegular, minWidth: 0, padding: 0, height: 'auto' },
});

/** The list's search, filters and order as kept (in the web's address): the newest first, unfiltered. */
const LEADS_VIEW = { q: '', source: '', from: '', to: '', order: 'desc' } as const;

/** 'Lead Management', the admin leads page: searched, filtered and paged by the server. */
export function LeadsScreen() {
  const styles = useScreenStyles();
  const own = useStyles();
  const { api } = useAdminServices();
  const [view, setView] = useViewParams(LEADS_VIEW);
  const { q: search, source, from, to } = view;
  const order = view.order === 'asc' ? 'asc' : 'desc';
  const [opened, setOpened] = useState<Lead | null>(null);
  // Refresh reloads the chart too: after a failure, both come back.
  const [refreshes, setRefreshes] = useState(0);
  // The drawer gives focus back to the row's button it was opened from when it closes.
  const restoreFocusTarget = useRestoreFocusTarget();
  const q = useDebouncedValue(search.trim());
  const sourceFilter = useDebouncedValue(source.trim());
  const query = useMemo<LeadsQuery>(
    () => ({
      ...(q ? { q } : {}),
      ...(sourceFilter ? { source: sourceFilter } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      order,
    }),
    [q, sourceFilter, from, to, order],
  );
  // The chart counts what the table lists: the same filters, without the order.
  const chartQuery = useMemo<LeadsChartQuery>(() => {
    const { order: _order, ...filters } = query;
    return filters;
  }, [query]);
  const showBar = useCallback(
    (bar: LeadsChartSelection) => setView({ source: bar.source, from: bar.from, to: bar.to }),
    [setView],
  );
  const load = useCallback((request: LeadsQuery) => api.listLeads({ ...request, limit: 100 }), [api]);
  const { state, reload, loadMore } = usePagedList(load, query);
  const csvExport = useCsvExport('leads', 'leads');
  const ids = { source: useId(), from: useId(), to: useId() };
  const filtered = Boolean(q || sourceFilter || from || to);

  const summary =
    state.total === null
      ? ADMIN_TEXT.showingLeads(state.items.length, state.items.length)
      : state.totalIsEstimate
        ? ADMIN_TEXT.showingLeadsAbout(state.items.length, state.total)
        : ADMIN_TEXT.showingLeads(state.items.length, state.total);

  return (
    <section className={styles.root} aria-labelledby="leads-title">
      <Title2 as="h1" id="leads-title" className={styles.heading}>
        {ADMIN_TEXT.leadsTitle}
      </Title2>
      <ListToolbar
        search={search}
        onSearch={(value) => setView({ q: value })}
        searchLabel="Search by name, email or source"
        searchMaxLength={maxLengthOf(LeadsQuerySchema.properties.q)}
        onRefresh={() => {
          setRefreshes((count) => count + 1);
          void reload();
        }}
        refreshing={state.phase === 'loading'}
        onExport={() => void csvExport.run({ ...query })}
        exportDisabled={state.phase !== 'ready' || state.items.length === 0}
        exporting={csvExport.bytes === null ? null : { bytes: csvExport.bytes, onCancel: csvExport.cancel }}
      >
        <div className={own.filter}>
          <Label htmlFor={ids.source} size="small">
            Source
          </Label>
          <Input
            id={ids.source}
            className={own.source}
            value={source}
            placeholder="any"
            maxLength={maxLengthOf(LeadsQuerySchema.properties.source)}
            onChange={(_e, data) => setView({ source: data.value })}
          />
        </div>
        <div className={own.dates}>
          <div className={own.filter}>
            <Label htmlFor={ids.from} size="small">
              From
            </Label>
            <Input id={ids.from} type="date" value={from} onChange={(_e, data) => setView({ from: data.value })} />
          </div>
          <div className={own.filter}>
            <Label htmlFor={ids.to} size="small">
              To
            </Label>
            <Input id={ids.to} type="date" value={to} onChange={(_e, data) => setView({ to: data.value })} />
          </div>
        </div>
      </ListToolbar>
      <LeadsChart query={chartQuery} onSelect={showBar} refreshes={refreshes} />
      <ListStatus
        empty={state.items.length === 0}
        loadError={state.phase === 'error' && state.failure ? loadErrorText(state.failure, ADMIN_TEXT.fetchLeadsFailed) : null}
        exported={csvExport}
        loading={state.phase === 'loading'}
        loadingLabel="Loading leads…"
        summary={summary}
      />
      <VirtualTable
        label="Leads"
        list={state}
        onNearEnd={() => void loadMore()}
        rowKey={(lead) => lead.id}
        header={
          <>
            <TableHeaderCell>Name</TableHeaderCell>
            <TableHeaderCell>Email</TableHeaderCell>
            <TableHeaderCell>Source</TableHeaderCell>
            <TableHeaderCell
              sortable
              sortDirection={order === 'desc' ? 'descending' : 'ascending'}
              onClick={() => setView({ order: order === 'desc' ? 'asc' : 'desc' })}
              aria-label={`Created At, ${order === 'desc' ? 'newest' : 'oldest'} first: change the order`}
            >
              Created At
            </TableHeaderCell>
          </>
        }
        renderRow={(lead) => (
          <>
            <TableCell>
              <Button
                appearance="transparent"
                className={own.name}
                onClick={() => setOpened(lead)}
                aria-label={`Open ${lead.name || lead.email}`}
                {...restoreFocusTarget}
              >
                {lead.name || '—'}
              </Button>
            </TableCell>
            <TableCell>{lead.email}</TableCell>
            <TableCell>
              <Badge appearance="tint" color={isPrimaryLeadSource(lead.source) ? 'brand' : 'subtle'} shape="rounded">
                {lead.source}
              </Badge>
            </TableCell>
            <TableCell className={styles.nowrap}>{formatDateTime(lead.created_at)}</TableCell>
          </>
        )}
        footer={
          state.phase === 'ready' &&
          state.items.length === 0 && <p className={styles.empty}>{filtered ? ADMIN_TEXT.noLeadsMatching : ADMIN_TEXT.noLeads}</p>
        }
      />
      {opened && <LeadDetailDrawer lead={opened} onClose={() => setOpened(null)} />}
    </section>
  );
}
