import {
  DataVizPalette,
  getColorFromToken,
  ResponsiveContainer,
  VerticalStackedBarChart,
  type VerticalStackedChartProps,
  type VSChartDataPoint,
} from '@fluentui/react-charts';
import { makeStyles } from '@fluentui/react-components';
import { useMemo, useState, type KeyboardEvent } from 'react';
import type { LeadsChart } from '../domain/admin-lists.ts';
import { axisLabels, bucketLabel, chartSources, formatDay, selectionOf, type LeadsChartSelection } from './LeadsChartData.ts';

/**
 * The leads chart itself: the one module that loads @fluentui/react-charts (and d3), imported
 * lazily by LeadsChart.tsx so the admin screens' first render does not wait for it.
 */

const useStyles = makeStyles({
  // The chart fills its box: ResponsiveContainer measures the box again whenever it changes
  // size (the chart alone measures it once, and a narrowed window then cut off its last bars).
  frame: { height: '260px', width: '100%' },
});

/**
 * A source's bar colour: the data-visualisation palette's first ten qualitative colours, which
 * Fluent gives one shade for both themes; each stands out at least 3:1 from the light and the
 * dark theme's background (WCAG's non-text contrast; leads-chart.test.tsx checks), where its
 * later ones fall to 2:1 on dark. An eleventh source takes the first colour again.
 */
export const SOURCE_COLORS = [
  DataVizPalette.color1,
  DataVizPalette.color2,
  DataVizPalette.color3,
  DataVizPalette.color4,
  DataVizPalette.color5,
  DataVizPalette.color6,
  DataVizPalette.color7,
  DataVizPalette.color8,
  DataVizPalette.color9,
  DataVizPalette.color10,
].map((token) => getColorFromToken(token));

export interface LeadsChartViewProps {
  chart: LeadsChart;
  /** The id of the sentence that says what the chart shows. */
  describedBy: string;
  onSelect(selection: LeadsChartSelection): void;
}

export default function LeadsChartView({ chart, describedBy, onSelect }: LeadsChartViewProps) {
  const styles = useStyles();
  const [width, setWidth] = useState(0);
  const sources = useMemo(() => chartSources(chart), [chart]);
  const { data, startOfLabel } = useMemo(() => {
    const colors = new Map(sources.map((source, index) => [source, SOURCE_COLORS[index % SOURCE_COLORS.length]]));
    const labels = new Map<string, string>();
    const stacks: VerticalStackedChartProps[] = chart.buckets.map((bucket, index) => {
      const label = bucketLabel(bucket.start, chart.interval);
      labels.set(label, bucket.start);
      return {
        // The bucket's place in the span (every bucket is in the answer, empty ones included),
        // on a numeric axis the library does not round when the padding is given: the bars and
        // their labels share one scale. (On a date axis it rounds the axis's ends but not the
        // bars', so the labels drifted off their bars and today's bar sat under tomorrow's date;
        // a category axis drops the empty days and closes up the gaps between the others.)
        xAxisPoint: index,
        xAxisCalloutData: label,
        chartData: sources
          .filter((source) => (bucket.counts[source] ?? 0) > 0)
          .map((source) => ({
            legend: source,
            data: bucket.counts[source] ?? 0,
            color: colors.get(source),
            // The callout's title, and how a click names its bar (onBarClick gives the point only).
            xAxisCalloutData: label,
          })),
      };
    });
    return { data: stacks, startOfLabel: labels };
  }, [chart, sources]);

  const select = (point: VSChartDataPoint) => {
    const start = point.xAxisCalloutData === undefined ? undefined : startOfLabel.get(point.xAxisCalloutData);
    if (start !== undefined) onSelect(selectionOf(chart, start, point.legend));
  };

  // The library gives each bar a tab stop and a click but no key: Enter or Space on a focused bar clicks it.
  const activateFocusedBar = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as Element;
    if (
      (event.key === 'Enter' || event.key === ' ') &&
      target instanceof SVGElement &&
      target.getAttribute('role') === 'option'
    ) {
      event.preventDefault();
      target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    }
  };

  const ticks = axisLabels(
    chart.buckets.map((_bucket, index) => index),
    width,
  );

  return (
    // Listens for the keys of the bars inside; the bars themselves are the interactive elements.
    <div className={styles.frame} aria-describedby={describedBy} onKeyDown={activateFocusedBar}>
      <ResponsiveContainer onResize={(measured) => setWidth(Math.round(measured))}>
        <VerticalStackedBarChart
          data={data}
          tickValues={ticks}
          xAxis={{ tickText: ticks.map((index) => formatDay(chart.buckets[index]?.start ?? '')) }}
          // As wide as the room allows (up to maxBarWidth), so the totals above the bars fit.
          barWidth="auto"
          xAxisInnerPadding={0.45}
          chartTitle={`New leads by source, per ${chart.interval}`}
          barMinimumHeight={2}
          maxBarWidth={32}
          hideLabels={chart.buckets.length > 45}
          legendProps={{ allowFocusOnLegends: true, canSelectMultipleLegends: true }}
          onBarClick={(_event, clicked) => {
            if ('legend' in clicked) select(clicked);
          }}
        />
      </ResponsiveContainer>
    </div>
  );
}
