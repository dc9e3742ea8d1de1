import { LEADS_CHART, type LeadsChart, type LeadsChartInterval } from '../../../src-shared/domain/admin-lists.ts';
import { InvalidListQuery } from '../../db/list-query.ts';

/**
 * The leads chart's span and buckets, whatever source counts the leads (leads-source.ts): which
 * days it covers, whether a bar is a day or a week, and every bar of the span in order.
 * Buckets are UTC days, or weeks from Monday (UTC), as the list's bare dates are UTC days.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** 2001-01-01 was a Monday: weeks counted from it start on Mondays (PostgreSQL's date_bin takes the same origin). */
export const BUCKET_ORIGIN = new Date('2001-01-01T00:00:00Z');

/** What a source counts for the chart: the list's filters over a resolved span, in buckets of `interval`. */
export interface LeadsChartRequest {
  q?: string;
  source?: string;
  from: Date;
  to: Date;
  interval: LeadsChartInterval;
}

/** The leads of one bucket (its first day, YYYY-MM-DD) and one source. */
export interface LeadsChartCount {
  start: string;
  source: string;
  count: number;
}

/**
 * The span the chart counts: the filter's `from`/`to` where given (`to` exclusive, as the list
 * reads them); without `to`, up to the end of today (UTC); without `from`, the 30 days before
 * `to`. Longer than 90 days is drawn by week, so a bar stays wide enough to see and click.
 */
export function chartSpan(
  filter: { q?: string; source?: string; from?: Date; to?: Date },
  now: Date = new Date(),
): LeadsChartRequest {
  const to = filter.to ?? new Date(dayStart(now).getTime() + DAY_MS);
  const from = filter.from ?? new Date(dayStart(new Date(to.getTime() - 1)).getTime() - (LEADS_CHART.defaultDays - 1) * DAY_MS);
  if (from.getTime() >= to.getTime()) throw new InvalidListQuery("Invalid query: 'from' must be before 'to'");
  const days = (to.getTime() - from.getTime()) / DAY_MS;
  // A bound on the bars (and on the rows a source without aggregates reads), not on the data.
  if (days > LEADS_CHART.maxDays) {
    throw new InvalidListQuery(`Invalid query: the chart spans at most ${LEADS_CHART.maxDays} days from 'from' to 'to'`);
  }
  return {
    ...(filter.q === undefined ? {} : { q: filter.q }),
    ...(filter.source === undefined ? {} : { source: filter.source }),
    from,
    to,
    interval: days > LEADS_CHART.maxDailyDays ? 'week' : 'day',
  };
}

function dayStart(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / DAY_MS) * DAY_MS);
}

/** The first instant of the bucket holding `instant`: its UTC day, or the Monday of its UTC week. */
export function bucketStart(instant: Date, interval: LeadsChartInterval): Date {
  const width = interval === 'week' ? 7 * DAY_MS : DAY_MS;
  const origin = BUCKET_ORIGIN.getTime();
  return new Date(origin + Math.floor((instant.getTime() - origin) / width) * width);
}

/** Every bucket of the span, empty ones included, with the counts the source found. */
export function chartOf(request: LeadsChartRequest, counts: readonly LeadsChartCount[]): LeadsChart {
  const width = request.interval === 'week' ? 7 * DAY_MS : DAY_MS;
  const byStart = new Map<string, Record<string, number>>();
  for (let start = bucketStart(request.from, request.interval).getTime(); start < request.to.getTime(); start += width) {
    byStart.set(isoDay(new Date(start)), {});
  }
  for (const { start, source, count } of counts) {
    const bucket = byStart.get(start);
    // A count outside the span would be a source's bug; it is left out rather than drawn as a stray bar.
    if (bucket) bucket[source] = (bucket[source] ?? 0) + count;
  }
  return {
    interval: request.interval,
    from: request.from.toISOString(),
    to: request.to.toISOString(),
    buckets: [...byStart].map(([start, counts]) => ({ start, counts })),
  };
}

export function isoDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}
