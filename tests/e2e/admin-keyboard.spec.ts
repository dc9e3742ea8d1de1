import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD as PASSWORD, startSite, type Site } from './support/site.ts';
import { seededUser } from '../support/identity-users.ts';
import { holdRequests, keyboardRestsIn } from './support/sending.ts';

/*
 * The users screen and the audit log with the keyboard alone, in Chromium: Tab, Shift+Tab,
 * Enter, Escape and the arrow keys. A dialog takes the focus when it opens and gives it back to
 * the control that opened it; a control that goes away (a removed tag, a row's action that
 * became another) leaves the focus on its neighbour, not on the page's body.
 */

test.describe.configure({ mode: 'default' });

// A server of these tests' own: its users are made for them.
let site: Site;
test.beforeAll(async () => {
  site = await startSite();
  const now = Date.now();
  await site.server.app.database.db
    .insertInto('identity_users')
    .values(
      ['kb-ann', 'kb-bob', 'kb-cy'].map((name, index) =>
        seededUser(
          { username: `${name}-username`, email: `${name}@example.com`, given_name: name, family_name: 'Keys' },
          now,
          1000 * index,
        ),
      ),
    )
    .execute();
  // Older events than a page of the audit log holds (100), for its scrolling to the next page.
  await site.server.app.database.db
    .insertInto('audit_events')
    .values(
      Array.from({ length: 150 }, (_, index) => ({
        event_type: 'customer.token.refresh',
        actor: 'kb-ann-sub',
        actor_email: 'kb-ann@example.com',
        subject: 'kb-ann@example.com',
        details: JSON.stringify({ flow: 'refresh' }),
        created_at: new Date(Date.UTC(2026, 0, 1) + index * 1000),
      })),
    )
    .execute();
});
test.afterAll(async () => {
  await site?.close();
});

/** Presses Tab (or Shift+Tab) until `target` has the focus. */
async function tabTo(page: Page, target: Locator, { back = false, most = 60 } = {}) {
  for (let step = 0; step < most; step++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} never took the focus`);
}

/** Whether the focus is inside `container`. */
const focusInside = (container: Locator) => container.evaluate((element) => element.contains(document.activeElement));

async function logIn(page: Page, path: string) {
  await page.goto(`${site.url}${path}`);
  const dialog = page.getByRole('alertdialog', { name: 'Admin Authentication' });
  await expect(dialog.getByLabel('Admin password')).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}

async function searchUsers(page: Page, prefix: string) {
  const search = page.getByRole('searchbox', { name: 'Search by email (starts with)' });
  await tabTo(page, search);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(prefix);
  await expect(page.getByText('Showing 1 of 1 users')).toBeVisible();
}

test('the list tools: named as a group of their own, each a Tab stop, the arrow keys left to the search box and the selects', async ({
  page,
}) => {
  await logIn(page, '/admin/users');
  await expect(page.getByText(/^Showing \d+ of \d+ users/)).toBeVisible();
  // Not a "toolbar": a screen reader would announce arrow-key movement the tools do not have
  // (and that would steal the search box's caret and the selects' choices).
  await expect(page.getByRole('toolbar')).toHaveCount(0);
  const tools = page.getByRole('group', { name: 'List tools' });
  const search = tools.getByRole('searchbox', { name: 'Search by email (starts with)' });
  await tabTo(page, search);
  await page.keyboard.type('kb-');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.type('x');
  await expect(search).toHaveValue('kbx-');
  await expect(search).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  for (const control of [
    tools.getByRole('combobox', { name: 'Search in' }),
    tools.getByRole('combobox', { name: 'Status' }),
    tools.getByRole('button', { name: 'Refresh' }),
    tools.getByRole('button', { name: 'Export CSV' }),
  ]) {
    await page.keyboard.press('Tab');
    await expect(control).toBeFocused();
  }
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  const searchIn = tools.getByRole('combobox', { name: 'Search in' });
  await expect(searchIn).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(searchIn).toBeFocused();
  await expect(searchIn).not.toHaveValue('email');
  await expect(page.getByRole('searchbox', { name: /^Search by (?!email)/ })).toBeVisible();
});

test('"Export CSV" pressed with the keyboard keeps the focus while the export runs, then the file is saved', async ({ page }) => {
  // Chromium's save dialog cannot be answered headless: the browser's download, as without it.
  await page.addInitScript(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker);
  await logIn(page, '/admin/users');
  await expect(page.getByText(/^Showing \d+ of \d+ users/)).toBeVisible();
  const exportButton = page.getByRole('button', { name: 'Export CSV' });
  await tabTo(page, exportButton);
  // The export's answer held on its way: it runs for as long as the test looks.
  const release = await holdRequests(page, '**/api/admin/users/export**');
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Cancel export' })).toBeVisible();
  await expect.poll(() => exportButton.evaluate((element) => element === document.activeElement)).toBe(true);
  await expect(exportButton).toBeDisabled();
  release();
  expect((await download).suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(exportButton).toBeFocused();
});

test('the confirm dialogs: focus goes in, Escape gives it back, a confirmed action leaves it on the row', async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page, '/admin/users');
  await searchUsers(page, 'kb-ann');
  const row = page.getByRole('table', { name: 'Users' }).getByRole('row', { name: /kb-ann@example\.com/ });

  const disable = row.getByRole('button', { name: 'Disable kb-ann@example.com' });
  await tabTo(page, disable);
  await page.keyboard.press('Enter');
  const confirmDisable = page.getByRole('dialog', { name: 'Confirm Disable User' });
  await expect(confirmDisable).toBeVisible();
  expect(await focusInside(confirmDisable)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(confirmDisable).toBeHidden();
  await expect(disable).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(confirmDisable).toBeVisible();
  await tabTo(page, confirmDisable.getByRole('button', { name: 'Disable' }));
  await page.keyboard.press('Enter');
  await expect(confirmDisable).toBeHidden();
  // The row's Disable became Enable: the focus is on it, ready to undo.
  const enable = row.getByRole('button', { name: 'Enable kb-ann@example.com' });
  await expect(enable).toBeFocused();

  await page.keyboard.press('Enter');
  const confirmEnable = page.getByRole('dialog', { name: 'Confirm Enable User' });
  await expect(confirmEnable).toBeVisible();
  await tabTo(page, confirmEnable.getByRole('button', { name: 'Enable' }));
  await page.keyboard.press('Enter');
  await expect(confirmEnable).toBeHidden();
  await expect(row.getByRole('button', { name: 'Disable kb-ann@example.com' })).toBeFocused();

  const remove = row.getByRole('button', { name: 'Delete kb-ann@example.com' });
  await tabTo(page, remove);
  await page.keyboard.press('Enter');
  const confirmDelete = page.getByRole('dialog', { name: 'Confirm Delete User' });
  await expect(confirmDelete).toBeVisible();
  expect(await focusInside(confirmDelete)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await tabTo(page, confirmDelete.getByRole('button', { name: 'Delete' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('No users found matching your search.')).toBeVisible();
  // The row is gone: the focus is back on the search that found it, not lost on the page.
  await expect(page.getByRole('searchbox', { name: 'Search by email (starts with)' })).toBeFocused();
});

test('"Invite user": focus in the email field, Enter sends, Escape closes back onto the button', async ({ page }) => {
  await logIn(page, '/admin/users');
  // Refresh, pressed with the keyboard, keeps the focus while the list reloads.
  const refresh = page.getByRole('button', { name: 'Refresh' });
  await tabTo(page, refresh);
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Showing \d+ of \d+ users/)).toBeVisible();
  await expect(refresh).toBeFocused();
  const inviteButton = page.getByRole('button', { name: 'Invite user' });
  await tabTo(page, inviteButton);
  await page.keyboard.press('Enter');
  const invite = page.getByRole('dialog', { name: 'Invite user' });
  await expect(invite.getByLabel(/^Email/)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(invite).toBeHidden();
  await expect(inviteButton).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(invite.getByLabel(/^Email/)).toBeFocused();
  await page.keyboard.type('not-an-address');
  await page.keyboard.press('Enter');
  await expect(invite.getByText('Enter a valid email address.')).toBeVisible();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('kb-invited@example.com');
  await page.keyboard.press('Tab');
  await expect(invite.getByLabel('First name')).toBeFocused();
  await page.keyboard.type('Kay');
  // Sending disables the fields under the focus. While it sends (the real request, held on its
  // way), the dialog keeps the keyboard: not a control behind it (the last row's "+ Group",
  // which the Tab walk above passed), nor the page's body.
  const release = await holdRequests(page, '**/api/admin/users/invite');
  await page.keyboard.press('Enter');
  await expect(invite.getByRole('button', { name: 'Sending…' })).toBeDisabled();
  await expect.poll(() => keyboardRestsIn(invite)).toBe(true);
  // Found by its role: still there for a screen reader, not hidden behind the page.
  await expect(invite).toBeVisible();
  release();
  await expect(invite.getByRole('status')).toHaveText('Invitation sent to kb-invited@example.com.');
  // Given back to the field it was in, ready for the next invitation.
  await expect(invite.getByLabel('First name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(invite).toBeHidden();
  await expect(inviteButton).toBeFocused();
});

test("a user's groups: add one and remove it with the keyboard alone", async ({ page }) => {
  await logIn(page, '/admin/users');
  await searchUsers(page, 'kb-bob');
  const row = page.getByRole('table', { name: 'Users' }).getByRole('row', { name: /kb-bob@example\.com/ });
  const add = row.getByRole('button', { name: 'Add kb-bob-username to a group' });

  for (const group of ['keyboard-crew', 'night-shift']) {
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    const name = page.getByRole('combobox', { name: 'Group name' });
    await expect(name).toBeFocused();
    await page.keyboard.type(group);
    await page.keyboard.press('Enter');
    await expect(row.getByText(group)).toBeVisible();
    await expect(name).toBeHidden();
    // The popover closed: the keyboard is back on its button.
    await expect(add).toBeFocused();
  }

  // Escape closes the popover without adding.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Group name' })).toBeFocused();
  await page.keyboard.type('never-added');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox', { name: 'Group name' })).toBeHidden();
  await expect(add).toBeFocused();
  await expect(row.getByText('never-added')).toHaveCount(0);

  // The tags are one stop of the Tab order (the last one's), the arrow keys move between them.
  const night = row.getByRole('button', { name: 'Remove kb-bob-username from night-shift' });
  await tabTo(page, night, { back: true });
  await page.keyboard.press('ArrowLeft');
  const crew = row.getByRole('button', { name: 'Remove kb-bob-username from keyboard-crew' });
  await expect(crew).toBeFocused();
  await page.keyboard.press('Delete');
  await expect(row.getByText('keyboard-crew')).toHaveCount(0);
  // The tag now in its place takes the focus.
  await expect(night).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row.getByText('night-shift')).toHaveCount(0);
  // The last tag gone: the focus is on "+ Group".
  await expect(add).toBeFocused();
});

test('the audit log filters: chosen, applied, cleared and refreshed with the keyboard', async ({ page }) => {
  await logIn(page, '/admin/audit');
  await expect(page.getByText(/^Showing \d+ of \d+ events?\b/)).toBeVisible();
  const type = page.getByRole('combobox', { name: 'Event type' });
  await tabTo(page, type);
  await page.keyboard.press('ArrowDown');
  await expect(type).not.toHaveValue('');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Who (email)' })).toBeFocused();
  await page.keyboard.type('nobody@example.com');
  await page.keyboard.press('Enter');
  await expect(page.getByText('No events match these filters.')).toBeVisible();

  const clear = page.getByRole('button', { name: 'Clear' });
  await tabTo(page, clear);
  await page.keyboard.press('Enter');
  await expect(type).toHaveValue('');
  await expect(page.getByText(/^Showing [1-9]\d* of \d+ events?\b/)).toBeVisible();
  // Clear has nothing left to clear: the focus moved to the first filter, not onto the page.
  await expect(type).toBeFocused();

  const refresh = page.getByRole('button', { name: 'Refresh' });
  await tabTo(page, refresh);
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Showing [1-9]\d* of \d+ events?\b/)).toBeVisible();
  await expect(refresh).toBeFocused();
});

test('the audit log scrolls with the keyboard alone, through its older pages to the oldest event, keeping the focus', async ({
  page,
}) => {
  await logIn(page, '/admin/audit');
  await expect(page.getByText(/^Showing 100 of 1\d\d events$/)).toBeVisible();
  const log = page.getByRole('region', { name: 'Audit Log, scrollable' });
  await tabTo(page, log);
  const table = page.getByRole('table', { name: 'Audit Log' });
  // End goes to the last loaded row, which asks for the next page; End again reaches the oldest event.
  await expect(async () => {
    await page.keyboard.press('End');
    await expect(page.getByText(/^Showing (1\d\d) of \1 events$/)).toBeVisible({ timeout: 1000 });
    const rowCount = await table.getAttribute('aria-rowcount');
    await expect(table.locator(`tr[aria-rowindex="${rowCount}"]`)).toBeInViewport({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(table.locator('tr[aria-rowindex]').last()).toContainText('kb-ann@example.com renewed their session');
  await expect(log).toBeFocused();
});

test('a next page that failed to load is asked for again from the table, without losing the rows or the place', async ({
  page,
}) => {
  await logIn(page, '/admin/audit');
  await expect(page.getByText(/^Showing 100 of 1\d\d events$/)).toBeVisible();
  await page.route('**/api/admin/audit?*cursor=*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"error":"Internal server error"}' }),
  );
  const log = page.getByRole('region', { name: 'Audit Log, scrollable' });
  await tabTo(page, log);
  await page.keyboard.press('End');
  await expect(page.getByRole('alert')).toHaveText('Internal server error');
  await page.unroute('**/api/admin/audit?*cursor=*');
  const again = log.getByRole('button', { name: 'Load more' });
  await tabTo(page, again);
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Showing (1\d\d) of \1 events$/)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Audit Log' }).locator('tr[aria-rowindex="100"]')).toBeInViewport();
  // The button went with the failure: the keyboard is on the table, scrolling on.
  await expect(log).toBeFocused();
});
