import { expect, test, type Page } from '@playwright/test';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { logInThroughDialog } from './support/admin-dialog.ts';
import { WEB_DIST_DIR } from './support/web-build.ts';

/**
 * The leads chart in Chromium, against a server of its own with a month of leads (seeded by
 * SQL, about 40 a day, but none for a week): as the window narrows, the bars stay inside the
 * chart's box, the empty week keeps its width, the day labels under them stay apart, and the
 * last label stands under the last bar (today's).
 */
const PASSWORD = 'chart operator password';
let server: TestServer;

test.beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD }, webDistDir: WEB_DIST_DIR });
  await sql`insert into leads (name, email, source, created_at)
    select 'Chart Lead ' || g, 'chart' || g || '@leads.example',
           case when g % 3 = 0 then 'contact' when g % 3 = 1 then 'affiliate' else 'hero_cta' end,
           now() - g * interval '37 minutes'
    from generate_series(0, 1150) g`.execute(server.app.database.db);
  // A week without leads, the seven whole UTC days from 18 to 12 days ago: the chart must keep its place.
  await sql`delete from leads
    where created_at >= (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') - interval '18 days'
      and created_at < (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') - interval '11 days'`.execute(
    server.app.database.db,
  );
});
test.afterAll(() => server?.close());

/** How far the rightmost bar reaches past the right edge of the chart's box, in px. */
const overflow = (page: Page) =>
  page.locator('svg rect[role="option"]').evaluateAll((rects) => {
    const box = rects[0]?.closest('[aria-describedby]')?.getBoundingClientRect();
    return Math.max(...rects.map((rect) => rect.getBoundingClientRect().right)) - (box?.right ?? 0);
  });

/** The widest gap between neighbouring days' bars, in days (its width over the usual one): the empty week makes it 8. */
const widestGapInDays = (page: Page) =>
  page.locator('svg rect[role="option"]').evaluateAll((rects) => {
    // A day's stacked segments share one x; sub-pixel positions, so a phone's 9 px steps stay exact.
    const lefts = [...new Set(rects.map((rect) => rect.getBoundingClientRect().x.toFixed(2)))].map(Number).sort((a, b) => a - b);
    const steps = lefts
      .slice(1)
      .map((left, index) => left - (lefts[index] ?? 0))
      .sort((a, b) => a - b);
    const usual = steps[Math.floor(steps.length / 2)] ?? 1;
    return Math.round((steps.at(-1) ?? 0) / usual);
  });

/**
 * The day labels under the bars: how many, whether two overlap, the last one's text, and how
 * far its middle is from the last bar's, in px.
 */
const axis = (page: Page) =>
  page.evaluate(() => {
    const texts = Array.from(document.querySelectorAll('svg g.tick text'))
      .filter((text) => /\d{4}$/.test(text.textContent ?? ''))
      .sort((a, b) => a.getBoundingClientRect().left - b.getBoundingClientRect().left);
    const labels = texts.map((text) => text.getBoundingClientRect());
    const bars = Array.from(document.querySelectorAll('svg rect[role="option"]')).map((rect) => rect.getBoundingClientRect());
    const lastBar = bars.reduce((last, bar) => (bar.right > last.right ? bar : last));
    const lastLabel = labels.at(-1);
    return {
      labels: labels.length,
      lastLabel: texts.at(-1)?.textContent,
      overlapping: labels.some((label, index) => index > 0 && label.left < (labels[index - 1]?.right ?? 0)),
      lastLabelOffCentre: lastLabel
        ? Math.round(Math.abs((lastLabel.left + lastLabel.right) / 2 - (lastBar.left + lastBar.right) / 2))
        : null,
    };
  });

test('the leads chart follows its box as the window narrows: bars inside, day labels apart, today under its bar', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${server.url}/admin/leads`);
  const dialog = page.getByRole('alertdialog', { name: 'Admin Authentication' });
  await dialog.getByLabel('Admin password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(page.locator('svg rect[role="option"]').first()).toBeVisible();
  const dayOfLastBar = page.locator('table', { hasText: 'New leads per day by source' }).locator('tbody tr').last().locator('th');
  for (const width of [1366, 1024, 800, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => overflow(page), { message: `bars past the box at ${width} px` }).toBeLessThanOrEqual(0);
    expect(await widestGapInDays(page), `the empty week at ${width} px`).toBe(8);
    await expect.poll(() => axis(page), { message: `day labels at ${width} px` }).toMatchObject({ overlapping: false });
    const { labels, lastLabel, lastLabelOffCentre } = await axis(page);
    // The last bar's day, as the chart's table for screen readers names it.
    expect(lastLabel, `the last label at ${width} px`).toBe(await dayOfLastBar.textContent());
    expect(labels, `day labels at ${width} px`).toBeGreaterThanOrEqual(width < 600 ? 3 : 6);
    expect(lastLabelOffCentre, `the last label's middle from the last bar's at ${width} px`).toBeLessThanOrEqual(1);
    await page.screenshot({ path: test.info().outputPath(`leads-chart-${width}.png`) });
  }
});

test("a chart that failed to load (the server's 500) loads again with the list's Refresh, not only when a filter changes", async ({
  page,
}) => {
  await page.route('**/api/admin/leads/chart**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"error":"Internal server error"}' }),
  );
  await page.goto(`${server.url}/admin/leads`);
  await logInThroughDialog(page, PASSWORD);
  const chart = page.getByRole('region', { name: 'New leads per day' });
  await expect(chart.getByRole('alert')).toHaveText('Internal server error');
  await page.unroute('**/api/admin/leads/chart**');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(chart.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('svg rect[role="option"]').first()).toBeVisible();
});
