import { readFile } from 'node:fs/promises';
import { expect, test, type Locator } from '@playwright/test';
import Papa from 'papaparse';
import { logInThroughDialog } from './support/admin-dialog.ts';
import { seriousViolations } from './support/axe.ts';
import { signUpCustomer } from './support/sign-up.ts';

const PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? '';
const RUN = Date.now().toString(36);

test('the operator manages leads, affiliate applications and users', async ({ page, request }) => {
  test.setTimeout(90_000);
  // A browser without Chromium's save dialog (Firefox, Safari): the export is offered as a download.
  await page.addInitScript(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker);
  const leadName = `Lead ${RUN}`;
  const userEmail = `erin-${RUN}@example.com`;
  const doomedEmail = `doomed-${RUN}@example.com`;

  // A visitor sends a contact message and an affiliate application; two people sign up.
  await page.goto('/contact');
  await page.getByRole('textbox', { name: 'Name' }).fill(leadName);
  await page.getByRole('textbox', { name: 'Email' }).fill(`lead-${RUN}@example.com`);
  await page.getByRole('textbox', { name: 'Message' }).fill('Please call me about a demo.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Your message has been sent successfully!')).toBeVisible();

  await page.goto('/affiliates');
  await page.getByLabel('First Name').fill('Alan');
  await page.getByLabel('Last Name').fill(`Partner${RUN}`);
  await page.getByLabel('Email').fill(`alan-${RUN}@example.com`);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Application submitted successfully!' })).toBeVisible();

  await signUpCustomer(request, userEmail, { given: 'Erin', family: 'Operator' });
  await signUpCustomer(request, doomedEmail, { given: 'Erin', family: 'Operator' });

  // Admin mode is off by default; Ctrl+Shift+A turns it on.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'ADMIN MODE' })).toHaveCount(0);
  await page.keyboard.press('Control+Shift+A');
  await page.getByRole('button', { name: 'ADMIN MODE' }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Leads' }).click();
  await expect(page).toHaveURL(/\/admin\/leads$/);
  await logInThroughDialog(page, PASSWORD);
  expect(await page.evaluate(() => localStorage.getItem('admin_api_token'))).toBeTruthy();

  // Leads: the contact lead and the affiliate lead, search, export.
  const leads = page.getByRole('table', { name: 'Leads' });
  await expect(leads.getByRole('row', { name: new RegExp(leadName) })).toBeVisible();
  await expect(leads.getByRole('row', { name: new RegExp(`Alan Partner${RUN}`) })).toContainText('affiliate');
  // The search applies after a pause in typing; until its answer arrives the list may already
  // read "Showing 2 of 2" (when these are the server's only leads), and Export is disabled
  // while it reloads, so a click at that moment would do nothing.
  const searched = page.waitForResponse((response) => new URL(response.url()).searchParams.get('q') === RUN);
  await page.getByRole('searchbox').fill(RUN);
  await searched;
  await expect(page.getByText(/^Showing 2 of 2 leads$/)).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await download.path()) ?? '', 'utf8')).replace(/^\ufeff/, '');
  const rows = Papa.parse<string[]>(csv.trim()).data;
  expect(rows[0]).toEqual(['Name', 'Email', 'Source', 'Created At']);
  expect(
    rows
      .slice(1)
      .map((row) => [row[0], row[2]])
      .sort(),
  ).toEqual([
    [`Alan Partner${RUN}`, 'affiliate'],
    [leadName, 'contact'],
  ]);

  // The affiliate application, on its page from the panel; the audit log and the outbox are pages too.
  await page.getByRole('button', { name: 'ADMIN MODE' }).click();
  await page.getByRole('button', { name: 'Affiliate applications' }).click();
  await expect(page).toHaveURL(/\/admin\/affiliates$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Affiliate Applications' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Affiliate Applications' })).toContainText(`alan-${RUN}@example.com`);
  await page.getByRole('button', { name: 'ADMIN MODE' }).click();
  await page.getByRole('button', { name: 'Mail outbox' }).click();
  await expect(page).toHaveURL(/\/admin\/outbox$/);
  await expect(page.getByRole('table', { name: 'Mail Outbox' })).toBeVisible();
  await page.getByRole('button', { name: 'ADMIN MODE' }).click();
  await page.getByRole('button', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();

  // Users: disable and re-enable one, delete another.
  await page.getByRole('button', { name: 'ADMIN MODE' }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  // The users search is an email prefix (ListUsers' `email ^= "…"`).
  await page.getByRole('searchbox').fill(`erin-${RUN}`);
  await expect(page.getByText('Showing 1 of 1 users')).toBeVisible();
  const users = page.getByRole('table', { name: 'Users' });
  const erin = users.getByRole('row', { name: new RegExp(userEmail) });
  await expect(erin).toContainText('Erin Operator');
  // The username comes first, cut to fit: its title holds it whole, and one click selects all of it to copy.
  const username = erin.getByRole('cell').first().locator('[title]');
  await username.click();
  expect(await page.evaluate(() => String(window.getSelection()))).toBe(await username.getAttribute('title'));
  await erin.getByRole('button', { name: /^Disable / }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Disable User' });
  await expect(confirm).toContainText('Are you sure you want to disable user "');
  await expect(confirm).toContainText(`Email: ${userEmail}`);
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(confirm).toBeHidden();
  await expect(erin.getByRole('button', { name: /^Enable / })).toBeVisible();
  await expect(erin.getByRole('cell').nth(4)).toHaveText('No');
  await erin.getByRole('button', { name: /^Enable / }).click();
  await page.getByRole('dialog', { name: 'Confirm Enable User' }).getByRole('button', { name: 'Enable' }).click();
  await expect(erin.getByRole('cell').nth(4)).toHaveText('Yes');

  await page.getByRole('searchbox').fill(`doomed-${RUN}`);
  await expect(page.getByText('Showing 1 of 1 users')).toBeVisible();
  const doomed = users.getByRole('row', { name: new RegExp(doomedEmail) });
  await doomed.getByRole('button', { name: /^Delete / }).click();
  const deleteDialog = page.getByRole('dialog', { name: 'Confirm Delete User' });
  await expect(deleteDialog).toContainText('This action cannot be undone. The user will be permanently deleted.');
  await expect(deleteDialog).toContainText(`Email: ${doomedEmail}`);
  // Delete is the danger (red) button.
  await expect(deleteDialog.getByRole('button', { name: 'Delete' })).toHaveCSS('background-color', 'rgb(209, 52, 56)');
  await deleteDialog.getByRole('button', { name: 'Delete' }).click();
  await expect(doomed).toHaveCount(0);
  await expect(page.getByText('No users found matching your search.')).toBeVisible();

  // Logout: token gone, back home, panel closed.
  await page.getByRole('button', { name: 'ADMIN MODE' }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('admin_api_token'))).toBeNull();
});

test("Chromium's save dialog (stood in for: no OS dialog runs headless): the export streams into the chosen file; closing the dialog cancels quietly", async ({
  page,
  request,
}) => {
  const name = `Streamed ${RUN}`;
  const lead = await request.post('/api/contact', {
    data: { name, email: `streamed-${RUN}@example.com`, subject: 'Demo Request', message: 'A demo, please.' },
  });
  expect(lead.ok()).toBe(true);
  // The dialog answers with a file of the page's private storage (a real file the browser writes
  // through the same FileSystemWritableFileStream), or as a closed dialog once `closeDialog` is set.
  await page.addInitScript(() => {
    const page = window as unknown as { showSaveFilePicker: unknown; closeDialog?: boolean; offered?: string[] };
    page.offered = [];
    page.showSaveFilePicker = async ({ suggestedName }: { suggestedName: string }) => {
      page.offered?.push(suggestedName);
      if (page.closeDialog) throw new DOMException('The user aborted a request.', 'AbortError');
      const root = await navigator.storage.getDirectory();
      return root.getFileHandle(suggestedName, { create: true });
    };
  });
  await page.goto('/admin/leads');
  await logInThroughDialog(page, PASSWORD);
  const searched = page.waitForResponse((response) => new URL(response.url()).searchParams.get('q') === `streamed-${RUN}`);
  await page.getByRole('searchbox').fill(`streamed-${RUN}`);
  await searched;
  await expect(page.getByText(/^Showing 1 of 1 leads?$/)).toBeVisible();

  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByText(/^Exported the leads to leads-\d{4}-\d{2}-\d{2}\.csv$/)).toBeVisible();
  const csv = await page.evaluate(async () => {
    const [offered] = (window as unknown as { offered: string[] }).offered;
    const root = await navigator.storage.getDirectory();
    // As bytes: Blob.text() would drop the BOM, the first thing to check.
    const file = await (await root.getFileHandle(offered ?? '')).getFile();
    const bytes = new Uint8Array(await file.arrayBuffer());
    return { bom: [...bytes.slice(0, 3)], text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.slice(3)) };
  });
  expect(csv.bom).toEqual([0xef, 0xbb, 0xbf]);
  const rows = Papa.parse<string[]>(csv.text.trim()).data;
  expect(rows).toEqual([
    ['Name', 'Email', 'Source', 'Created At'],
    [name, `streamed-${RUN}@example.com`, 'contact', expect.any(String)],
  ]);

  // Closing the dialog: no request for the export, no message, and the button ready again.
  await page.evaluate(() => ((window as unknown as { closeDialog: boolean }).closeDialog = true));
  let exported = 0;
  page.on('request', (sent) => void (sent.url().includes('/export') && exported++));
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  expect(await page.evaluate(() => (window as unknown as { offered: string[] }).offered.length)).toBe(2);
  expect(exported).toBe(0);
  await expect(page.getByText(/^Exported the leads/)).toHaveCount(0);
});

test('the password dialog cannot be escaped, and Cancel goes home', async ({ page }) => {
  await page.goto('/admin/users');
  const dialog = page.getByRole('alertdialog', { name: 'Admin Authentication' });
  await expect(dialog.getByRole('button', { name: 'Login' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Admin password').fill('not the password');
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Invalid password');
  await page.evaluate(() => window.addEventListener('admin-cancel', () => document.body.setAttribute('data-cancelled', 'yes')));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('body')).toHaveAttribute('data-cancelled', 'yes');
});

test("the lists' searches and filters are in the address: a reload, Back from another page and the link in a new tab show the same list", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const nobody = `nobody-${RUN}`;
  const paramsOf = (url: string) => Object.fromEntries(new URL(url).searchParams);
  await page.goto('/admin/leads');
  await logInThroughDialog(page, PASSWORD);
  await page.getByRole('searchbox').fill(nobody);
  await page.getByLabel('Source', { exact: true }).fill('contact');
  await page.getByLabel('From', { exact: true }).fill('2026-01-01');
  await page.getByRole('columnheader', { name: /Created At/ }).click();
  await expect(page.getByText('No leads found matching your search.')).toBeVisible();
  await expect.poll(() => paramsOf(page.url())).toEqual({ q: nobody, source: 'contact', from: '2026-01-01', order: 'asc' });

  const leadsFiltered = async () => {
    await expect(page.getByRole('searchbox')).toHaveValue(nobody);
    await expect(page.getByLabel('Source', { exact: true })).toHaveValue('contact');
    await expect(page.getByLabel('From', { exact: true })).toHaveValue('2026-01-01');
    await expect(page.getByRole('columnheader', { name: /oldest first/ })).toBeVisible();
    await expect(page.getByText('No leads found matching your search.')).toBeVisible();
  };
  await page.reload();
  await leadsFiltered();
  const leadsLink = page.url();

  // Users: a search; the audit log: an applied type.
  await page.goto('/admin/users');
  await page.getByRole('searchbox').fill(nobody);
  await expect(page.getByText('No users found matching your search.')).toBeVisible();
  await expect.poll(() => paramsOf(page.url()).q).toBe(nobody);
  await page.goto('/admin/audit');
  await page.getByLabel('Event type').selectOption({ label: 'Operator sign-in' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/^Showing (\d+) of \1 events? matching the filters$/)).toBeVisible();
  await expect.poll(() => paramsOf(page.url())).toEqual({ type: 'admin.login' });
  await page.reload();
  await expect(page.getByLabel('Event type')).toHaveValue('admin.login');
  await expect(page.getByText(/^Showing (\d+) of \1 events? matching the filters$/)).toBeVisible();

  await page.goBack();
  await expect(page.getByRole('searchbox')).toHaveValue(nobody);
  await expect(page.getByText('No users found matching your search.')).toBeVisible();
  await page.goBack();
  await leadsFiltered();

  // The link, in another tab of the same browser (its session): the same list.
  const other = await context.newPage();
  await other.goto(leadsLink);
  await expect(other.getByRole('searchbox')).toHaveValue(nobody);
  await expect(other.getByLabel('Source', { exact: true })).toHaveValue('contact');
  await expect(other.getByText('No leads found matching your search.')).toBeVisible();

  // The admin navigation's Leads shows the whole list, also after a search was cleared and typed anew.
  await other.goto('/admin/leads');
  for (const search of ['x', '', nobody]) {
    await other.getByRole('searchbox').fill(search);
    await expect.poll(() => paramsOf(other.url()).q ?? '').toBe(search);
  }
  await other.keyboard.press('Control+Shift+A');
  await other.getByRole('button', { name: 'ADMIN MODE' }).click();
  await other.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Leads' }).click();
  await expect(other).toHaveURL(/\/admin\/leads$/);
  await expect(other.getByRole('searchbox')).toHaveValue('');
  await expect(other.getByText('No leads found matching your search.')).toHaveCount(0);
});

test('an invalid stored token is removed on load and the dialog asks again', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() =>
    localStorage.setItem('admin_api_token', 'AAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB'),
  );
  await page.goto('/admin/leads');
  await expect(page.getByRole('alertdialog', { name: 'Admin Authentication' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('admin_api_token'))).toBeNull();
});

test('logging out in another tab ends admin mode here: the token is checked on a storage change', async ({ page, context }) => {
  await page.goto('/admin/leads');
  await logInThroughDialog(page, PASSWORD);
  await expect(page.getByRole('button', { name: 'ADMIN MODE' })).toBeVisible();
  const other = await context.newPage();
  await other.goto('/');
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
  await other.keyboard.press('Control+Shift+A');
  await other.getByRole('button', { name: 'ADMIN MODE' }).click();
  await other.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'ADMIN MODE' })).toHaveCount(0);
  await expect(page.getByRole('alertdialog', { name: 'Admin Authentication' })).toBeVisible();
});

test('on a phone the admin screens do not scroll sideways: wide tables scroll inside their own box', async ({
  page,
  request,
}) => {
  // A lead in the last 30 days, so the leads screen draws its chart and the chart's table for screen readers.
  const lead = await request.post('/api/contact', {
    data: { name: `Phone ${RUN}`, email: `phone-${RUN}@example.com`, subject: 'Demo Request', message: 'A demo, please.' },
  });
  expect(lead.ok()).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/leads');
  await logInThroughDialog(page, PASSWORD);
  await expect(page.getByText(/new leads? from/)).toBeVisible();
  for (const path of ['/admin/leads', '/admin/users', '/admin/audit', '/admin/outbox', '/admin/affiliates']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(390);
  }
});

test("on a phone a user's row shows whole who it is beside its actions, before any sideways scroll", async ({
  page,
  request,
}) => {
  const email = `phone-row-${RUN}@example.com`;
  await signUpCustomer(request, email, { given: 'Pho', family: 'Row' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/users');
  await logInThroughDialog(page, PASSWORD);
  await page.getByRole('searchbox', { name: 'Search by email (starts with)' }).fill(email);
  await expect(page.getByText('Showing 1 of 1 users')).toBeVisible();
  const row = page.getByRole('table', { name: 'Users' }).getByRole('row', { name: new RegExp(email.replace('.', '\\.')) });
  const emailCell = row.getByRole('cell', { name: email, exact: true });
  const actions = row.getByRole('cell').last();
  await expect(actions.getByRole('button', { name: `Delete ${email}` })).toBeVisible();
  const [cell, pinned] = await Promise.all([emailCell.boundingBox(), actions.boundingBox()]);
  if (!cell || !pinned) throw new Error('the row is not laid out');
  // The pinned actions do not cover the address (the columns after it scroll under them).
  expect(
    cell.x + cell.width,
    `the email cell ends at ${cell.x + cell.width}, the actions start at ${pinned.x}`,
  ).toBeLessThanOrEqual(pinned.x + 1);
  // Nor is it cut inside its own cell.
  expect(await emailCell.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  // Both actions are on the screen.
  for (const name of [`Disable ${email}`, `Delete ${email}`]) {
    const button = await actions.getByRole('button', { name }).boundingBox();
    expect(button && button.x >= 0 && button.x + button.width <= 390, `${name} is on the screen`).toBe(true);
  }
});

test('on a phone each application and mail reads in one column: who it is and when, labelled, with no sideways scroll', async ({
  page,
  request,
}) => {
  const email = `stacked-${RUN}@example.com`;
  const application = await request.post('/api/affiliates/applications', {
    data: { firstName: 'Stacy', lastName: `Stacked${RUN}`, email },
  });
  expect(application.ok()).toBe(true);
  // Signing up queues the verification mail to the same address.
  await signUpCustomer(request, email, { given: 'Stacy', family: 'Stacked' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/affiliates');
  await logInThroughDialog(page, PASSWORD);
  // Every phone width, up to the site's own (599 px), where the audit log stacks too.
  for (const width of [390, 560]) {
    await page.setViewportSize({ width, height: 844 });
    for (const { path, table, search, fields } of [
      {
        path: '/admin/affiliates',
        table: 'Affiliate Applications',
        search: 'Search by name, email or company',
        fields: ['Name', 'Email', 'Received'],
      },
      {
        path: '/admin/outbox',
        table: 'Mail Outbox',
        search: 'Search by recipient, subject, kind or status',
        fields: ['To', 'Queued'],
      },
    ]) {
      await page.goto(path);
      await page.getByRole('searchbox', { name: search }).fill(email);
      await expect(page.getByText(/^Showing 1 of 1 (application|mail)$/)).toBeVisible();
      // Still a table, named, that a screen reader announces with its rows and column headers.
      const list = page.getByRole('table', { name: table });
      await expect(list).toBeVisible();
      const row = list.getByRole('row').nth(1);
      await expect(row).toContainText(email);
      for (const field of fields) {
        const cell = row.getByRole('cell').nth(await columnIndex(list, field));
        const box = await cell.boundingBox();
        expect(
          box && box.x >= 0 && box.x + box.width <= width,
          `${table} at ${width} px: ${field} is on the screen (${JSON.stringify(box)})`,
        ).toBe(true);
        // The field's name is on the screen beside its value (the column headers are not).
        await expect(cell.getByText(field, { exact: true })).toBeVisible();
      }
      const scroller = page.getByRole('region', { name: `${table}, scrollable` });
      expect(
        await scroller.evaluate((element) => element.scrollWidth <= element.clientWidth),
        `${table} at ${width} px scrolls sideways`,
      ).toBe(true);
    }
  }
});

/** Which cell of a row is the one under the column header named `name`. */
async function columnIndex(table: Locator, name: string): Promise<number> {
  const headers = await table.getByRole('columnheader').allTextContents();
  const index = headers.indexOf(name);
  if (index < 0) throw new Error(`no column ${name} in ${headers.join(', ')}`);
  return index;
}

test("a long name, email and company wrap inside their columns, leaving the application's other fields in view", async ({
  page,
  request,
}) => {
  const lastName = `Wolfeschlegelsteinhausenbergerdorff${RUN}`;
  const application = await request.post('/api/affiliates/applications', {
    data: {
      firstName: 'Maximiliana-Alexandrina-Konstantinopolous',
      lastName,
      email: `a.very.long.address.for.the.layout.${RUN}@subdomain.an-extremely-long-company-domain.example.com`,
      company: 'International Consolidated Holdings and Partners Limited Liability Company',
      website: 'https://www.an-extremely-long-website-address.example.com/and/a/long/path/to/its/page',
    },
  });
  expect(application.ok()).toBe(true);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/admin/affiliates');
  await logInThroughDialog(page, PASSWORD);
  await page.getByRole('searchbox', { name: 'Search by name, email or company' }).fill(lastName);
  await expect(page.getByText('Showing 1 of 1 application')).toBeVisible();
  // The whole row fits the window: no column is pushed out of view by one long value.
  const row = page.getByRole('table', { name: 'Affiliate Applications' }).getByRole('row').nth(1);
  const lastCell = await row.getByRole('cell').last().boundingBox();
  expect(lastCell).not.toBeNull();
  expect((lastCell?.x ?? 0) + (lastCell?.width ?? 0)).toBeLessThanOrEqual(1366);
});

test('a long audience and motivation are clamped to a few lines in a top-aligned row, and the whole application opens from the row by click or keyboard', async ({
  page,
  request,
}) => {
  const lastName = `Verbose${RUN}`;
  const audience = `Audience ${RUN}: ${'Hiring managers at mid-sized logistics firms across Europe and beyond. '.repeat(22)}the end.`;
  const motivation = `Motivation ${RUN}: ${'Our readers hire drivers and engineers every single week of the year. '.repeat(22)}the end.`;
  expect(audience.length).toBeGreaterThan(1_500);
  const application = await request.post('/api/affiliates/applications', {
    data: { firstName: 'Vera', lastName, email: `verbose-${RUN}@example.com`, audience, motivation },
  });
  expect(application.ok()).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/affiliates');
  await logInThroughDialog(page, PASSWORD);
  await page.getByRole('searchbox', { name: 'Search by name, email or company' }).fill(lastName);
  await expect(page.getByText('Showing 1 of 1 application')).toBeVisible();
  const table = page.getByRole('table', { name: 'Affiliate Applications' });
  const row = table.getByRole('row').nth(1);
  const rowBox = await row.boundingBox();
  // A few lines, not a wall of 3,500 px: the row and its name and date are in view together.
  expect(rowBox && rowBox.height <= 160, `row height ${rowBox?.height}`).toBe(true);
  const open = row.getByRole('button', { name: `Open the application of Vera ${lastName}` });
  const openBox = await open.boundingBox();
  expect(openBox && rowBox && openBox.y - rowBox.y <= 20, 'the name sits at the top of its row').toBe(true);
  for (const field of ['Audience', 'Motivation']) {
    const box = await row
      .getByRole('cell')
      .nth(await columnIndex(table, field))
      .boundingBox();
    expect(box && box.width >= 160 && box.x + box.width <= 1280, `${field}: ${JSON.stringify(box)}`).toBe(true);
  }

  // The whole application, from the keyboard: Enter on the name opens it, Escape closes it.
  await open.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: `Vera ${lastName}` });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText(audience, { exact: true })).toBeVisible();
  await expect(drawer.getByText(motivation, { exact: true })).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(open).toBeFocused();
  // And by a click on its row's name.
  await open.click();
  await expect(drawer.getByText(`verbose-${RUN}@example.com`)).toBeVisible();
});

test.describe('accessibility (axe): no serious or critical violations', () => {
  // Five pages, each read whole by axe: 20 to 35 s on a busy 2-core VM, over the default 30 s.
  test.setTimeout(90_000);
  for (const width of [1366, 390]) {
    test(`the five admin screens, with rows, at ${width} px`, async ({ page, request }) => {
      // A lead, an application and a customer, so no list is empty (its rows, action buttons and chart are checked too).
      const lead = await request.post('/api/contact', {
        data: { name: `Axe ${RUN}`, email: `axe-${width}-${RUN}@example.com`, subject: 'Demo Request', message: 'A demo.' },
      });
      expect(lead.ok()).toBe(true);
      const application = await request.post('/api/affiliates/applications', {
        data: { firstName: 'Ada', lastName: `Axe${RUN}`, email: `axe-${width}-${RUN}@example.com` },
      });
      expect(application.ok()).toBe(true);
      await signUpCustomer(request, `axe-${width}-${RUN}@example.com`, { given: 'Ada', family: 'Axe' });
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await page.goto('/admin/leads');
      await logInThroughDialog(page, PASSWORD);
      const found: string[] = [];
      for (const path of ['/admin/leads', '/admin/users', '/admin/audit', '/admin/outbox', '/admin/affiliates']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('row').nth(1)).toBeVisible();
        found.push(...(await seriousViolations(page)).map((violation) => `${path} ${violation}`));
      }
      expect(found).toEqual([]);
    });
  }
});
