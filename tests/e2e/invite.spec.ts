import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { App } from '../../server/app.ts';
import { E2E_ADMIN_PASSWORD as ADMIN_PASSWORD, startSite, type Site } from './support/site.ts';

/**
 * The operator invites a customer from the users page; the customer reads the temporary
 * password in their mail (the outbox), signs in on the site, is asked for a password of their
 * own, and is signed in with it. Real server, real identity service, real SDK in Chromium.
 */
test.describe.configure({ mode: 'serial' });
test.use({ screenshot: 'only-on-failure' });

const EMAIL = 'invited.e2e@example.com';
const OWN_PASSWORD = 'My-Own-Pass-2026!';
/** Set to a folder to keep screenshots of the new screens (390 and 1366 px wide). */
const SHOTS = process.env.E2E_SHOTS_DIR;

let site: Site;
let app: App;
let baseUrl: string;

test.beforeAll(async () => {
  site = await startSite();
  baseUrl = site.url;
  app = site.server.app;
});
test.afterAll(() => site?.close());

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** The temporary password in the newest invitation to `to`, as the customer reads it. */
async function temporaryPasswordMailedTo(to: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mail = await app.database.db
      .selectFrom('mail_outbox')
      .select(['text_body', 'template_params'])
      .where('to_address', '=', to)
      .where('kind', '=', 'identity-invitation')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const password = mail?.template_params.password;
    if (password) {
      expect(mail.text_body).toContain(password);
      return password;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no invitation mailed to ${to}`);
}

test('the operator invites a customer, who chooses a password at first sign-in', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${baseUrl}/admin/users`);
  const login = page.getByRole('alertdialog');
  await login.getByLabel('Admin password').fill(ADMIN_PASSWORD);
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(login).toBeHidden();

  const inviteButton = page.getByRole('button', { name: 'Invite user' });
  await inviteButton.click();
  const invite = page.getByRole('dialog', { name: 'Invite user' });
  await invite.getByLabel(/^Email/).fill(EMAIL);
  await invite.getByLabel('First name').fill('Ivy');
  await invite.getByLabel('Last name').fill('Invited');
  await shoot(page, 'invite-dialog');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByRole('status')).toHaveText(`Invitation sent to ${EMAIL}.`);
  await invite.getByRole('button', { name: 'Close' }).click();
  // The keyboard is back where the operator started.
  await expect(invite).toBeHidden();
  await expect(inviteButton).toBeFocused();
  const row = page.getByRole('row').filter({ hasText: EMAIL });
  await expect(row).toContainText('FORCE_CHANGE_PASSWORD');

  // Groups on the row: add a new one, see it, remove it.
  await row.getByRole('button', { name: /^Add .+ to a group$/ }).click();
  await page.getByRole('combobox', { name: 'Group name' }).fill('pilot-customers');
  await shoot(page, 'groups-popover');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(row.getByText('pilot-customers')).toBeVisible();
  await shoot(page, 'users-with-groups');

  // The customer, in a browser of their own.
  const temporary = await temporaryPasswordMailedTo(EMAIL);
  const customer = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await customer.goto(`${baseUrl}/`);
  await customer.getByRole('button', { name: 'Login' }).click();
  const dialog = customer.getByRole('dialog');
  await dialog.getByLabel(/^Email/).fill(EMAIL);
  await dialog.getByLabel(/^Password/).fill(temporary);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog.getByRole('form', { name: 'Set a new password' })).toBeVisible();
  await dialog.getByLabel(/^New Password/).fill(OWN_PASSWORD);
  await dialog.getByLabel(/^Confirm New Password/).fill(OWN_PASSWORD);
  await shoot(customer, 'set-new-password');
  await dialog.getByRole('button', { name: 'Set Password' }).click();
  await expect(customer.getByRole('button', { name: / account menu$/ })).toBeVisible();

  // Signed in with their own password; the row says CONFIRMED.
  await page.getByRole('button', { name: /Refresh/ }).click();
  await expect(row).toContainText('CONFIRMED');
  await customer.close();
});
