import { Caption1, makeStyles, Spinner, Subtitle2, tokens } from '@fluentui/react-components';
import { ErrorBar } from '../ui/MessageBars.tsx';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { AdminFailure } from '../api/admin/transport.ts';
import type { LeadsChart as Chart, LeadsChartQuery } from '../domain/admin-lists.ts';
import { useAdminServices } from './admin-services.tsx';
import { chartRows, chartSources, chartSummary, chartTotals, type LeadsChartSelection } from './LeadsChartData.ts';
import { loadErrorText } from './messages.ts';
import { VISUALLY_HIDDEN } from './screen-styles.ts';

// The chart library (and d3) loads after the screen has drawn its table, not with the admin chunk.
const LeadsChartView = lazy(() => import('./LeadsChartView.tsx'));

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalM,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
  },
  heading: { margin: 0 },
  summary: { color: tokens.colorNeutralForeground2 },
  // Keeps the page from jumping while the chart loads or redraws.
  slot: { minHeight: '260px', display: 'flex', alignItems: 'center', justifyContent: 'center' },
  empty: { color: tokens.colorNeutralForeground3 },
  visuallyHidden: VISUALLY_HIDDEN,
});

type ChartState = { phase: 'loading' } | { phase: 'ready'; chart: Chart } | { phase: 'error'; failure: AdminFailure };

export interface LeadsChartProps {
  /** The leads table's search and filters (its order does not change the counts). */
  query: LeadsChartQuery;
  /** A bar was clicked (or activated by keyboard): filter the table to its source and days. */
  onSelect(selection: LeadsChartSelection): void;
  /** How many times the list was refreshed: each refresh counts again (and retries a failed chart). */
  refreshes: number;
}

/**
 * New leads per day (per week over long spans) by source, above the leads table, for the same
 * filters; counted by the server (`GET /api/admin/leads/chart`). What it shows is also written
 * out: a sentence the chart is described by, and a table for screen readers.
 */
export function LeadsChart({ query, onSelect, refreshes }: LeadsChartProps) {
  const styles = useStyles();
  const { api, sessionLost } = useAdminServices();
  const [state, setState] = useState<ChartState>({ phase: 'loading' });
  const ids = { title: useId(), summary: useId() };
  // Which request the answer on its way belongs to: an older one never overwrites a newer.
  const generation = useRef(0);
  const { q, source, from, to } = query;

  useEffect(() => {
    const mine = ++generation.current;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- loading the chart of the new filters is the point
    setState({ phase: 'loading' });
    const request: LeadsChartQuery = {
      ...(q ? { q } : {}),
      ...(source ? { source } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    };
    void api.leadsChart(request).then((outcome) => {
      if (mine !== generation.current) return;
      if (outcome.ok) return setState({ phase: 'ready', chart: outcome.value });
      if (outcome.reason === 'unauthorized') sessionLost();
      setState({ phase: 'error', failure: outcome });
    });
  }, [api, sessionLost, q, source, from, to, refreshes]);

  const chart = state.phase === 'ready' ? state.chart : null;
  const empty = chart !== null && chartTotals(chart).total === 0;
  const title = chart?.interval === 'week' ? 'New leads per week' : 'New leads per day';

  return (
    <section className={styles.root} aria-labelledby={ids.title}>
      <Subtitle2 as="h2" id={ids.title} className={styles.heading}>
        {title}
      </Subtitle2>
      <ErrorBar message={state.phase === 'error' ? loadErrorText(state.failure, 'Failed to load the leads chart') : null} />
      {chart && (
        <Caption1 id={ids.summary} className={styles.summary} aria-live="polite">
          {chartSummary(chart)}
        </Caption1>
      )}
      <div className={styles.slot}>
        {state.phase === 'loading' && <Spinner size="tiny" label="Loading the leads chart…" />}
        {chart && empty && <p className={styles.empty}>No leads to chart for these filters.</p>}
        {chart && !empty && (
          <Suspense fallback={<Spinner size="tiny" label="Loading the leads chart…" />}>
            <LeadsChartView chart={chart} describedBy={ids.summary} onSelect={onSelect} />
          </Suspense>
        )}
      </div>
      {chart && !empty && (
        // The box is hidden, not the table: a table grows to its content whatever its width,
        // and ignores overflow, so a hidden table still widened the page on a phone.
        <div className={styles.visuallyHidden}>
          <ChartTable chart={chart} />
        </div>
      )}
    </section>
  );
}

/** The chart's numbers as a table, for screen readers: one row per day (or week) with leads. */
function ChartTable({ chart }: { chart: Chart }) {
  const sources = chartSources(chart);
  const period = chart.interval === 'week' ? 'Week' : 'Day';
  return (
    <table>
      <caption>{`New leads per ${chart.interval} by source (${chart.interval}s without leads left out)`}</caption>
      <thead>
        <tr>
          <th scope="col">{period}</th>
          {sources.map((source) => (
            <th key={source} scope="col">
              {source || '(no source)'}
            </th>
          ))}
          <th scope="col">Total</th>
        </tr>
      </thead>
      <tbody>
        {chartRows(chart).map((row) => (
          <tr key={row.start}>
            <th scope="row">{row.label}</th>
            {sources.map((source) => (
              <td key={source}>{row.counts[source] ?? 0}</td>
            ))}
            <td>{row.total}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
