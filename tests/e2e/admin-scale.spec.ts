import { expect, test, type Locator } from '@playwright/test';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { logInThroughDialog } from './support/admin-dialog.ts';
import { WEB_DIST_DIR } from './support/web-build.ts';

/**
 * The leads console at 100,000 leads and the audit log at 20,000 events (seeded by SQL) in
 * Chromium, against a server of its own on the built web app: the first rows, one address found
 * by a server search, a scroll deep into each list that draws only the rows in view, and the
 * page's JavaScript heap.
 */
const PASSWORD = 'scale operator password';
const COUNT = 100_000;
const EVENTS = 20_000;
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD }, webDistDir: WEB_DIST_DIR });
  const db = server.app.database.db;
  await sql`insert into leads (name, email, source, created_at)
    select 'Scale Lead ' || g, 'lead' || g || '@scale.example', case when g % 2 = 0 then 'contact' else 'hero_cta' end,
           timestamptz '2026-01-01' + g * interval '1 minute'
    from generate_series(1, ${COUNT}::integer) g`.execute(db);
  await sql`analyze leads`.execute(db);
  // A demo request sent with one of them, for its detail view.
  const mail = await db
    .insertInto('mail_outbox')
    .values({
      to_address: 'ops@example.com',
      subject: 'Demo Request',
      text_body: '-',
      kind: 'contact-notification',
      template_params: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`insert into contact_messages (name, email, subject, message, lead_id, mail_id)
    select name, email, 'Demo Request', 'We hire 40 engineers a year. Call me on Tuesday.', id, ${mail.id}::integer
    from leads where email = 'lead77777@scale.example'`.execute(db);
  await sql`insert into audit_events (event_type, actor, actor_email, subject, details, created_at)
    select 'customer.token.refresh', 'scale-sub-' || g, 'user' || g || '@scale.example', 'user' || g || '@scale.example',
           '{"flow":"refresh"}'::jsonb, timestamptz '2026-01-01' + g * interval '1 second'
    from generate_series(1, ${EVENTS}::integer) g`.execute(db);
  await sql`analyze audit_events`.execute(db);
});
test.afterAll(async () => {
  await server?.close();
});

/** Scrolls `region` to the end of what is loaded, frame after frame, until the row of aria-rowindex `index` is drawn. */
async function scrollUntilRow(region: Locator, index: number, within: number) {
  await region.evaluate(
    async (element, [index, within]) => {
      const deadline = performance.now() + within;
      while (!element.querySelector(`tr[aria-rowindex="${index}"]`) && performance.now() < deadline) {
        element.scrollTop = element.scrollHeight;
        await new Promise(requestAnimationFrame);
      }
    },
    [index, within] as const,
  );
}

test('100,000 leads: first rows, a search that finds one address, a scroll to row 10,000 in a small heap', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(`${server.url}/admin/leads`);
  const dialog = page.getByRole('alertdialog', { name: 'Admin Authentication' });
  await dialog.getByLabel('Admin password').fill(PASSWORD);
  const opened = Date.now();
  await dialog.getByRole('button', { name: 'Login' }).click();
  const table = page.getByRole('table', { name: 'Leads' });
  // Newest first: the last lead seeded.
  await expect(table.getByRole('row', { name: /Scale Lead 100000\b/ })).toBeVisible();
  test.info().annotations.push({ type: 'first rows after login', description: `${Date.now() - opened} ms` });
  await expect(page.getByText(/^Showing 100 of (about )?100,?000 leads$/)).toBeVisible();

  await page.getByRole('searchbox').fill('lead77777@');
  await expect(page.getByText('Showing 1 of 1 leads')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row', { name: /lead77777@scale\.example/ })).toBeVisible();

  await page.getByRole('searchbox').fill('');
  await expect(page.getByText(/^Showing 100 of/)).toBeVisible();
  const region = page.getByRole('region', { name: 'Leads, scrollable' });
  // Scrolls to the end of what is loaded, frame after frame, until row 10,000 (aria-rowindex
  // 10,001: the header is row 1) is drawn: a hundred pages asked for one after another as the
  // end comes near. 10,000 is a whole number of pages, so the row is the last one loaded when
  // the scroll stops at it. Bounded by time, not by a number of scrolls, so that a slow machine
  // (each page waits for the server) takes longer rather than fails.
  const scrolled = Date.now();
  await scrollUntilRow(region, 10001, 120_000);
  test.info().annotations.push({ type: 'scroll to row 10,000', description: `${Date.now() - scrolled} ms` });
  await expect(table.locator('tr[aria-rowindex="10001"]')).toBeVisible();
  await expect(table.locator('tr[aria-rowindex="10001"]')).toContainText(`Scale Lead ${COUNT - 9999}`);
  // Only the rows around the view are in the document, not the 10,000 loaded.
  expect(await table.locator('tbody tr[aria-rowindex]').count()).toBeLessThan(120);
  const heap = await page.evaluate(
    () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
  );
  test.info().annotations.push({ type: 'JS heap after row 10,000', description: `${Math.round(heap / 1_048_576)} MB` });
  expect(heap).toBeLessThan(150 * 1_048_576);

  await page.getByRole('searchbox').fill('lead77777@');
  await expect(page.getByText('Showing 1 of 1 leads')).toBeVisible();
  // The row opens the lead: its message, subject and source.
  await table.getByRole('button', { name: 'Open Scale Lead 77777' }).click();
  const drawer = page.getByRole('dialog', { name: 'Scale Lead 77777' });
  await expect(drawer.getByText('Subject: Demo Request')).toBeVisible();
  await expect(drawer).toContainText('We hire 40 engineers a year. Call me on Tuesday.');
  await expect(drawer).toContainText('hero_cta');
  await page.screenshot({ path: test.info().outputPath('lead-detail-1366.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('lead-detail-390.png') });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('leads-search-390.png') });
});

test('20,000 audit events: scrolling through 3,000 of them keeps only the rows in view in the page, with their places for screen readers', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto(`${server.url}/admin/audit`);
  await logInThroughDialog(page, PASSWORD);
  const table = page.getByRole('table', { name: 'Audit Log' });
  await expect(table.getByRole('row', { name: /user20000@scale\.example/ })).toBeVisible();
  const region = page.getByRole('region', { name: 'Audit Log, scrollable' });
  // Event 3,000 is row 3,001 (the header is row 1): thirty pages or more, asked for as the end comes near.
  await scrollUntilRow(region, 3001, 120_000);
  const row = table.locator('tr[aria-rowindex="3001"]');
  await expect(row).toBeVisible();
  // The newest event is the operator's sign-in, above the seeded ones.
  await expect(row).toContainText(`user${EVENTS - 2998}@scale.example`);
  await expect(page.getByText(/^Showing [3-9],?\d{3} of about \d\d,\d{3} events$/)).toBeVisible();
  // Only the rows around the view are in the document, not the 3,000 loaded.
  expect(await table.locator('tbody tr').count()).toBeLessThan(120);
  // More remain than are loaded: the table says it does not know how many rows it has.
  await expect(table).toHaveAttribute('aria-rowcount', '-1');

  // The keyboard reaches them too: the log takes the focus and Page Down scrolls it.
  await region.focus();
  await expect(region).toBeFocused();
  const before = await region.evaluate((element) => element.scrollTop);
  await page.keyboard.press('PageDown');
  await expect.poll(() => region.evaluate((element) => element.scrollTop)).toBeGreaterThan(before);

  // A filter that finds a few events: every row counted for screen readers.
  await page.getByLabel('Who (email)').fill('user7@scale.example');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Showing 1 of 1 event matching the filters')).toBeVisible();
  await expect(table).toHaveAttribute('aria-rowcount', '2');
  await expect(table.locator('tr[aria-rowindex="2"]')).toContainText('user7@scale.example');
});
