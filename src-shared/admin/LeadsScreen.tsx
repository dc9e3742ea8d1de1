import { Badge, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Title2 } from '@fluentui/react-components';
import { useCallback, useMemo, useState } from 'react';
import { leadsCsv } from '../domain/admin-csv.ts';
import { isPrimaryLeadSource, leadMatches } from '../domain/managed-user.ts';
import { useAdminServices } from './admin-services.tsx';
import { ListStatus } from './ListStatus.tsx';
import { ListToolbar } from './ListToolbar.tsx';
import { ADMIN_TEXT, loadErrorText } from './messages.ts';
import { formatDateTime, useScreenStyles } from './screen-styles.ts';
import { useAdminList } from './use-admin-list.ts';
import { useCsvExport } from './use-csv-export.ts';
import { ShowMoreRows, useRowWindow } from './use-row-window.tsx';

/** 'Lead Management' (spec §2 Admin leads page). */
export function LeadsScreen() {
  const styles = useScreenStyles();
  const { api } = useAdminServices();
  const { state, reload } = useAdminList(useCallback(() => api.listLeads(), [api]));
  const [search, setSearch] = useState('');
  const csvExport = useCsvExport('leads', { one: 'lead', many: 'leads' });
  const shown = useMemo(() => state.items.filter((lead) => leadMatches(lead, search)), [state.items, search]);
  const rows = useRowWindow(shown);

  return (
    <section className={styles.root} aria-labelledby="leads-title">
      <Title2 as="h1" id="leads-title" className={styles.heading}>
        {ADMIN_TEXT.leadsTitle}
      </Title2>
      <ListToolbar
        search={search}
        onSearch={setSearch}
        searchLabel="Search by name, email or source"
        onRefresh={() => void reload()}
        refreshing={state.phase === 'loading'}
        onExport={() => void csvExport.run(leadsCsv(shown), shown.length, search)}
        exportDisabled={shown.length === 0}
      />
      <ListStatus
        loadError={state.phase === 'error' ? loadErrorText(state.failure, ADMIN_TEXT.fetchLeadsFailed) : null}
        exportError={csvExport.error}
        exportNotice={csvExport.notice}
        loading={state.phase === 'loading'}
        loadingLabel="Loading leads…"
        summary={ADMIN_TEXT.showingLeads(shown.length, state.items.length)}
      />
      <div className={styles.tableWrap}>
        <Table className={styles.table} aria-label="Leads" size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Name</TableHeaderCell>
              <TableHeaderCell>Email</TableHeaderCell>
              <TableHeaderCell>Source</TableHeaderCell>
              <TableHeaderCell>Created At</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.visible.map((lead) => (
              <TableRow key={lead.id}>
                <TableCell>{lead.name}</TableCell>
                <TableCell>{lead.email}</TableCell>
                <TableCell>
                  <Badge appearance="tint" color={isPrimaryLeadSource(lead.source) ? 'brand' : 'subtle'} shape="rounded">
                    {lead.source}
                  </Badge>
                </TableCell>
                <TableCell className={styles.nowrap}>{formatDateTime(lead.created_at)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ShowMoreRows hidden={rows.hidden} onShowMore={rows.showMore} />
        {state.phase !== 'loading' && shown.length === 0 && (
          <p className={styles.empty}>{state.items.length === 0 ? ADMIN_TEXT.noLeads : ADMIN_TEXT.noLeadsMatching}</p>
        )}
      </div>
    </section>
  );
}
