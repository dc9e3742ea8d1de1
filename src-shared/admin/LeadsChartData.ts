import type { LeadsChart, LeadsChartInterval } from '../domain/admin-lists.ts';

/**
 * The leads chart's answer as the screen reads it: its totals, the sentence and table that say
 * what the bars show, and the filters a bar stands for. Plain data, so the lazily loaded chart
 * (LeadsChartView.tsx) and the always-loaded part (LeadsChart.tsx) share it without the chart
 * library, and it can be tested without drawing.
 */

/** What clicking a bar filters the leads table to: its source and its days (YYYY-MM-DD, both inclusive). */
export interface LeadsChartSelection {
  source: string;
  from: string;
  to: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
// UTC, as the buckets are UTC days; English, as the rest of the admin text is.
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const count = (n: number) => n.toLocaleString('en-US');

const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);
const addDays = (day: string, days: number) => new Date(dateOf(day).getTime() + days * DAY_MS).toISOString().slice(0, 10);

/** A day as the chart writes it: 'Mar 1, 2026'. */
export function formatDay(day: string): string {
  return dayFormat.format(dateOf(day));
}

/** A bar's name: its day, or its week ('Week of Mar 2, 2026'). */
export function bucketLabel(start: string, interval: LeadsChartInterval): string {
  return interval === 'week' ? `Week of ${formatDay(start)}` : formatDay(start);
}

/** Room an axis label ('Nov 26, 2026') takes, with the gap to the next one. */
const AXIS_LABEL_PX = 96;

/**
 * The buckets whose day the axis writes: the last one (today, as a rule) and every k-th one
 * before it, k the smallest step at which the labels fit in `width` px, so they stand evenly.
 */
export function axisLabels<T>(buckets: readonly T[], width: number): T[] {
  const step = Math.max(1, Math.ceil((buckets.length * AXIS_LABEL_PX) / Math.max(width, AXIS_LABEL_PX)));
  return buckets.filter((_bucket, index) => (buckets.length - 1 - index) % step === 0);
}

/** The first and last day the chart counted (its `to` is exclusive). */
function chartDays(chart: LeadsChart): { first: string; last: string } {
  return {
    first: chart.from.slice(0, 10),
    last: new Date(new Date(chart.to).getTime() - 1).toISOString().slice(0, 10),
  };
}

/** Every source in the chart, alphabetical, so a source keeps its colour and legend place between answers. */
export function chartSources(chart: LeadsChart): string[] {
  const sources = new Set<string>();
  for (const bucket of chart.buckets) for (const source of Object.keys(bucket.counts)) sources.add(source);
  return [...sources].sort((a, b) => a.localeCompare(b));
}

/** Leads per source over the whole span, most first, and their sum. */
export function chartTotals(chart: LeadsChart): { total: number; bySource: [string, number][] } {
  const bySource = new Map<string, number>();
  for (const bucket of chart.buckets) {
    for (const [source, n] of Object.entries(bucket.counts)) bySource.set(source, (bySource.get(source) ?? 0) + n);
  }
  const sorted = [...bySource].sort(([a, an], [b, bn]) => bn - an || a.localeCompare(b));
  return { total: sorted.reduce((sum, [, n]) => sum + n, 0), bySource: sorted };
}

/** The chart in one sentence, for screen readers (and the caption): '42 new leads from … to …: contact 30, hero_cta 12.' */
export function chartSummary(chart: LeadsChart): string {
  const { first, last } = chartDays(chart);
  const span = first === last ? `on ${formatDay(first)}` : `from ${formatDay(first)} to ${formatDay(last)}`;
  const { total, bySource } = chartTotals(chart);
  if (total === 0) return `No new leads ${span}.`;
  const per = chart.interval === 'week' ? 'by week' : 'by day';
  const sources = bySource.map(([source, n]) => `${source || '(no source)'} ${count(n)}`).join(', ');
  return `${count(total)} new ${total === 1 ? 'lead' : 'leads'} ${span}, ${per}: ${sources}.`;
}

/** The buckets that have leads, for the chart's table alternative (a long span's empty days would drown it). */
export function chartRows(chart: LeadsChart): { start: string; label: string; counts: Record<string, number>; total: number }[] {
  return chart.buckets
    .map((bucket) => ({
      start: bucket.start,
      label: bucketLabel(bucket.start, chart.interval),
      counts: bucket.counts,
      total: Object.values(bucket.counts).reduce((sum, n) => sum + n, 0),
    }))
    .filter((row) => row.total > 0);
}

/**
 * The table filters a bar stands for: its source and its day, or its week cut to the chart's
 * span (the first and last weeks may stick out of it), so the table lists exactly the bar's leads.
 */
export function selectionOf(chart: LeadsChart, start: string, source: string): LeadsChartSelection {
  if (chart.interval === 'day') return { source, from: start, to: start };
  const { first, last } = chartDays(chart);
  const end = addDays(start, 6);
  return { source, from: start < first ? first : start, to: end > last ? last : end };
}
