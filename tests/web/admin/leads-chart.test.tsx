import { FluentProvider, webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminServicesProvider } from '../../../src-shared/admin/admin-services.tsx';
import { axisLabels, chartSummary, selectionOf } from '../../../src-shared/admin/LeadsChartData.ts';
import { SOURCE_COLORS } from '../../../src-shared/admin/LeadsChartView.tsx';
import { LeadsScreen } from '../../../src-shared/admin/LeadsScreen.tsx';
import { createFetchAdminApi, type AdminApi } from '../../../src-shared/api/admin/client.ts';
import { createMemoryTokenStore } from '../../../src-shared/api/admin/memory-token-store.ts';
import type { LeadsChart } from '../../../src-shared/domain/admin-lists.ts';
import type { Platform } from '../../../src-shared/domain/platform.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

/**
 * The chart above the leads table, drawn by @fluentui/react-charts in jsdom (no layout: the
 * bars are there, with their labels and handlers, at no size) from the real server's counts.
 */
const PASSWORD = 'correct horse battery staple';
const DAY_MS = 86_400_000;
const dayAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
const today = dayAgo(0);
const twoDaysAgo = dayAgo(2);
const atNoon = (day: string) => new Date(`${day}T12:00:00Z`);

let server: TestServer;
let api: AdminApi;
beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD } });
  await server.app.database.db
    .insertInto('leads')
    .values([
      { name: 'Ada Lovelace', email: 'ada@example.com', source: 'hero_cta', created_at: atNoon(today) },
      { name: 'Alan Turing', email: 'alan@example.com', source: 'hero_cta', created_at: atNoon(today) },
      { name: 'Grace Hopper', email: 'grace@example.com', source: 'contact', created_at: atNoon(today) },
      { name: 'Edsger Dijkstra', email: 'edsger@example.com', source: 'contact', created_at: atNoon(twoDaysAgo) },
      { name: 'Old Lead', email: 'old@example.com', source: 'contact', created_at: atNoon(dayAgo(45)) },
    ])
    .execute();
  api = createFetchAdminApi({ baseUrl: server.url, tokenStore: createMemoryTokenStore() });
  const login = await api.login(PASSWORD);
  if (!login.ok) throw new Error('admin login failed');
}, 60_000);
afterAll(() => server.close());

const platform: Platform = {
  saveExport: async () => ({ status: 'cancelled' }),
  openExternal: async () => {},
};

function setup(theme = webLightTheme) {
  render(
    <FluentProvider theme={theme}>
      <AdminServicesProvider value={{ api, platform, sessionLost: () => {} }}>
        <LeadsScreen />
      </AdminServicesProvider>
    </FluentProvider>,
  );
}

const chartRegion = () => screen.getByRole('region', { name: /New leads per/ });
const tableNames = () =>
  within(screen.getByRole('table', { name: 'Leads' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
/** The bars the chart drew, by their accessible names ('Mar 1, 2026. contact, 2.'). */
const bars = async () => {
  const region = chartRegion();
  await waitFor(() => expect(region.querySelectorAll('rect[role="option"]').length).toBeGreaterThan(0), { timeout: 10_000 });
  return [...region.querySelectorAll<SVGRectElement>('rect[role="option"]')];
};
const label = (day: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

describe('the leads chart above the leads table', () => {
  it('says what it shows: a summary sentence describing the chart, and a table of the counts', async () => {
    setup();
    const summary = await screen.findByText(/new leads from/, undefined, { timeout: 10_000 });
    expect(summary.textContent).toBe(`4 new leads from ${label(dayAgo(29))} to ${label(today)}, by day: contact 2, hero_cta 2.`);
    const chart = (await bars())[0]?.closest('[aria-describedby]');
    expect(chart?.getAttribute('aria-describedby')).toBe(summary.id);

    const table = within(chartRegion()).getByRole('table', { name: /New leads per day by source/ });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Day', 'contact', 'hero_cta', 'Total'],
      [label(twoDaysAgo), '1', '0', '1'],
      [label(today), '1', '2', '3'],
    ]);
    expect((await bars()).map((bar) => bar.getAttribute('aria-label')).sort()).toEqual(
      [`${label(today)}. contact, 1.`, `${label(today)}. hero_cta, 2.`, `${label(twoDaysAgo)}. contact, 1.`].sort(),
    );
  });

  it('clicking a bar filters the table to its day and source', async () => {
    const user = userEvent.setup();
    setup();
    await waitFor(() => expect(tableNames()).toHaveLength(5), { timeout: 10_000 });
    const bar = (await bars()).find((rect) => rect.getAttribute('aria-label') === `${label(today)}. hero_cta, 2.`);
    expect(bar).toBeTruthy();
    await user.click(bar as SVGRectElement);
    expect(screen.getByLabelText<HTMLInputElement>('Source').value).toBe('hero_cta');
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe(today);
    expect(screen.getByLabelText<HTMLInputElement>('To').value).toBe(today);
    await waitFor(() => expect(tableNames().sort()).toEqual(['Ada Lovelace', 'Alan Turing']), { timeout: 10_000 });
    // The chart follows: one day, one source.
    expect(
      await screen.findByText(`2 new leads on ${label(today)}, by day: hero_cta 2.`, undefined, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('a bar is activated from the keyboard too (Enter on the focused bar)', async () => {
    const user = userEvent.setup();
    setup();
    await waitFor(() => expect(tableNames()).toHaveLength(5), { timeout: 10_000 });
    const bar = (await bars()).find((rect) => rect.getAttribute('aria-label') === `${label(twoDaysAgo)}. contact, 1.`);
    bar?.focus();
    expect(document.activeElement).toBe(bar);
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText<HTMLInputElement>('Source').value).toBe('contact');
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe(twoDaysAgo);
    await waitFor(() => expect(tableNames()).toEqual(['Edsger Dijkstra']), { timeout: 10_000 });
  });

  it('follows the table filters, and says so when nothing matches', async () => {
    const user = userEvent.setup();
    setup();
    await screen.findByText(/^4 new leads/, undefined, { timeout: 10_000 });
    await user.type(screen.getByLabelText('Source'), 'contact');
    expect(await screen.findByText(/^2 new leads .*: contact 2\.$/, undefined, { timeout: 10_000 })).toBeTruthy();
    await user.type(screen.getByRole('searchbox'), 'nobody-matches');
    expect(await screen.findByText('No leads to chart for these filters.', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(/^No new leads from/)).toBeTruthy();
  });
});

describe('the chart data', () => {
  const weekly: LeadsChart = {
    interval: 'week',
    from: '2026-01-01T00:00:00.000Z',
    to: '2026-06-01T00:00:00.000Z',
    buckets: [
      { start: '2025-12-29', counts: { contact: 2 } },
      { start: '2026-05-25', counts: { hero_cta: 1, contact: 1 } },
    ],
  };

  it('a week bar selects its week, cut to the span at either end', () => {
    expect(selectionOf(weekly, '2025-12-29', 'contact')).toEqual({ source: 'contact', from: '2026-01-01', to: '2026-01-04' });
    expect(selectionOf(weekly, '2026-03-02', 'contact')).toEqual({ source: 'contact', from: '2026-03-02', to: '2026-03-08' });
    expect(selectionOf(weekly, '2026-05-25', 'hero_cta')).toEqual({ source: 'hero_cta', from: '2026-05-25', to: '2026-05-31' });
  });

  it('colours each source so that its bars stand out from the light and the dark theme alike (3:1)', () => {
    for (const color of SOURCE_COLORS) {
      for (const theme of [webLightTheme, webDarkTheme]) {
        expect(
          contrast(color, theme.colorNeutralBackground1),
          `${color} on ${theme.colorNeutralBackground1}`,
        ).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('labels the last bar and every k-th one before it, as many as the width holds', () => {
    const days = Array.from({ length: 30 }, (_, index) => `day ${index + 1}`);
    // 30 labels of 96 px need 2,880 px: all of them there, every 4th in 800 px, every 8th in 390.
    expect(axisLabels(days, 2880)).toEqual(days);
    expect(axisLabels(days, 800)).toEqual(['day 2', 'day 6', 'day 10', 'day 14', 'day 18', 'day 22', 'day 26', 'day 30']);
    expect(axisLabels(days, 390)).toEqual(['day 6', 'day 14', 'day 22', 'day 30']);
    // Before the chart has measured its box: the last day alone.
    expect(axisLabels(days, 0)).toEqual(['day 30']);
  });

  it('sums the span by source, most first', () => {
    expect(chartSummary(weekly)).toBe('4 new leads from Jan 1, 2026 to May 31, 2026, by week: contact 3, hero_cta 1.');
  });
});

/** WCAG's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r = 0, g = 0, b = 0] = [1, 3, 5]
      .map((at) => parseInt(hex.slice(at, at + 2), 16) / 255)
      .map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}
