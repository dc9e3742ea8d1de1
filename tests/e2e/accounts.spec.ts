import { expect, test, type Locator, type Page } from '@playwright/test';
import type { App } from '../../server/app.ts';
import { seriousViolations } from './support/axe.ts';
import { holdRequests, keyboardRestsIn } from './support/sending.ts';
import { startSite, type Site } from './support/site.ts';

/**
 * A new customer's whole journey in Chromium against the real server, the real embedded
 * identity service (through the real AWS SDK in the browser) and a fresh database, read
 * directly for the mailed codes and the audit. Google's login page cannot be reached from
 * here: a local OpenID provider (oidc-provider) stands in for Google.
 */
test.describe.configure({ mode: 'serial' });
test.use({ screenshot: 'only-on-failure' });

let site: Site;
let app: App;
let baseUrl: string;

test.beforeAll(async () => {
  // Google, played by the stand-in, signs in Grace Hopper without asking.
  site = await startSite({
    google: {
      accounts: { 'g-1001': { email: 'grace@gmail.example', email_verified: true, given_name: 'Grace', family_name: 'Hopper' } },
      nextLogin: () => ({ accountId: 'g-1001' }),
    },
  });
  baseUrl = site.url;
  app = site.server.app;
});
test.afterAll(() => site?.close());

/** The 6-digit code of the newest mail to `to`, as the customer would read it in their inbox. */
async function codeMailedTo(to: string, after = 0): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mail = await app.database.db
      .selectFrom('mail_outbox')
      .select(['id', 'template_params'])
      .where('to_address', '=', to)
      .where('id', '>', after)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const code = (mail?.template_params as Record<string, string> | undefined)?.code;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code mailed to ${to}`);
}

async function lastMailId(): Promise<number> {
  const row = await app.database.db.selectFrom('mail_outbox').select('id').orderBy('id', 'desc').executeTakeFirst();
  return row?.id ?? 0;
}

/** A field by its label; required ones end in an asterisk. */
const field = (label: string) => new RegExp(`^${label}\\s*\\*?$`);
const dialog = (page: Page) => page.getByRole('dialog');
const menu = (page: Page) => page.getByRole('button', { name: / account menu$/ });

async function signOut(page: Page) {
  await menu(page).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(`${baseUrl}/`);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
}

async function signIn(page: Page, email: string, password: string) {
  await dialog(page).getByLabel(field('Email')).fill(email);
  await dialog(page).getByLabel(field('Password')).fill(password);
  await dialog(page).getByRole('button', { name: 'Sign In' }).click();
}

const EMAIL = 'ada.e2e@example.com';
const NEW_EMAIL = 'augusta.e2e@example.com';
const PASSWORD = 'Engine-1843!';
const RESET_PASSWORD = 'Analytical-1843!';

/** A confirmed account with PASSWORD, made through the real SDK as the sign-up form would. */
async function confirmedAccount(email: string, givenName: string, familyName: string): Promise<void> {
  const { createIdentityClient } = await import('../../src-shared/api/identity/client.ts');
  const client = createIdentityClient({
    region: 'us-east-1',
    userPoolId: 'us-east-1_local',
    clientId: 'hireassist-local-client',
    endpoint: `${baseUrl}/cognito`,
    hostedDomain: `${baseUrl}/cognito`,
  });
  await client.signUp({ email, password: PASSWORD, givenName, familyName });
  await client.confirmSignUp(email, await codeMailedTo(email));
}

/** A new confirmed account, signed in from the sign-in dialog that `signedInPage` opens for a visitor. */
async function signedInAs(page: Page, email: string, givenName: string, familyName: string, signedInPage: string) {
  await confirmedAccount(email, givenName, familyName);
  await page.goto(`${baseUrl}${signedInPage}`);
  await signIn(page, email, PASSWORD);
}

test('a new customer signs up, verifies, edits the profile, changes email, signs out and in, resets the password', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${baseUrl}/`);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Sign up' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Create Account' })).toBeVisible();

  // Bad inputs first: each validation message.
  const signUpButton = dialog(page).getByRole('button', { name: 'Create Account' });
  await signUpButton.click();
  for (const message of [
    'First name is required',
    'Last name is required',
    'Email is required',
    'Password is required',
    'Please confirm your password',
  ]) {
    await expect(dialog(page).getByText(message)).toBeVisible();
  }
  await dialog(page).getByLabel(field('First Name')).fill('Ada');
  await dialog(page).getByLabel(field('Last Name')).fill('Lovelace');
  await dialog(page).getByLabel(field('Email')).fill('ada@invalid');
  await dialog(page).getByLabel(field('Phone Number')).fill('123');
  await dialog(page).getByLabel(field('Password')).fill('weakpassword');
  await dialog(page).getByLabel(field('Confirm Password')).fill('different');
  await signUpButton.click();
  await expect(dialog(page).getByText('Please enter a valid email address')).toBeVisible();
  await expect(dialog(page).getByText('Please enter a valid phone number')).toBeVisible();
  await expect(dialog(page).getByText('Password must contain uppercase, lowercase, number, and special character')).toBeVisible();
  await expect(dialog(page).getByText('Passwords do not match')).toBeVisible();
  await expect(dialog(page).getByTestId('password-strength-label')).toHaveText('Good');

  // Then good ones.
  await dialog(page).getByLabel(field('Email')).fill(EMAIL);
  await dialog(page).getByLabel(field('Phone Number')).fill('5551234567');
  await expect(dialog(page).getByLabel(field('Phone Number'))).toHaveValue('(555) 123-4567');
  await dialog(page).getByLabel(field('Password')).fill(PASSWORD);
  await expect(dialog(page).getByTestId('password-strength-label')).toHaveText('Strong');
  await dialog(page).getByLabel(field('Confirm Password')).fill(PASSWORD);
  await signUpButton.click();
  await expect(dialog(page).getByRole('heading', { name: 'Verify Email' })).toBeVisible();

  await dialog(page)
    .getByLabel(field('Verification Code'))
    .fill(await codeMailedTo(EMAIL));
  await dialog(page).getByRole('button', { name: 'Verify Email' }).click();
  await expect(dialog(page)).toHaveCount(0);
  // The closed modal gives the page back to assistive technology.
  await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden', 'true');
  await menu(page).click();
  await expect(page.getByRole('group', { name: 'Signed in as' }).getByText('Verified')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Signed in as' }).getByText(EMAIL)).toBeVisible();
  await page.keyboard.press('Escape');

  // The sign-up left a lead with its source, and the login was audited.
  const lead = await app.database.db.selectFrom('leads').selectAll().where('email', '=', EMAIL).executeTakeFirst();
  expect(lead).toMatchObject({ name: 'Ada Lovelace', source: 'header_login' });

  // Reload keeps the session; the dashboard greets by name.
  await page.reload();
  await menu(page).click();
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back, Ada Lovelace' })).toBeVisible();
  await expect(page.getByText('Recruitment Performance')).toBeVisible();
  await expect(page.getByText('Sample data', { exact: true })).toBeVisible();

  // Change the name and remove the phone number.
  await menu(page).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByLabel(field('First Name'))).toHaveValue('Ada');
  await expect(page.getByLabel(field('Phone Number'))).toHaveValue('(555) 123-4567');
  await page.getByLabel(field('First Name')).fill('Augusta');
  await page.getByLabel(field('Phone Number')).fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await expect(menu(page)).toHaveAccessibleName('Augusta Lovelace account menu');
  // The new name everywhere, and still after a reload (the header reads the stored id token).
  const storedGivenName = () =>
    page.evaluate(() => {
      const payload = localStorage.getItem('idToken')?.split('.')[1] ?? '';
      return (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { given_name?: string }).given_name;
    });
  await expect.poll(storedGivenName).toBe('Augusta');
  await page.reload();
  await expect(menu(page)).toHaveAccessibleName('Augusta Lovelace account menu');
  await menu(page).click();
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back, Augusta Lovelace' })).toBeVisible();
  await menu(page).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  // The number is gone from the account, not only from the form.
  await expect(page.getByLabel(field('First Name'))).toHaveValue('Augusta');
  await expect(page.getByLabel(field('Phone Number'))).toHaveValue('');

  // Change the email and verify it.
  const before = await lastMailId();
  await page.getByLabel(/^Email Address/).fill(NEW_EMAIL);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const verify = page.getByRole('alertdialog');
  await expect(verify.getByText('Verify New Email Address')).toBeVisible();
  // Its three buttons on one line.
  const tops = await verify
    .getByRole('button')
    .evaluateAll((buttons) =>
      buttons.filter((button) => button.textContent?.trim()).map((button) => Math.round(button.getBoundingClientRect().top)),
    );
  expect(new Set(tops).size).toBe(1);
  // ...each label on one line (beside the title's column they wrapped: "Resend / Code").
  const wrapped = await verify.getByRole('button').evaluateAll((buttons) =>
    buttons
      .filter((button) => button.textContent?.trim())
      .filter((button) => button.scrollHeight > 1.5 * parseFloat(getComputedStyle(button).lineHeight) + 12)
      .map((button) => button.textContent),
  );
  expect(wrapped).toEqual([]);
  await expect(page.getByText('Profile updated! Please check your new email for verification code.')).toBeVisible();
  await verify.getByPlaceholder('Enter 6-digit code').fill(await codeMailedTo(NEW_EMAIL, before));
  await verify.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page.getByText('Email verified successfully!')).toBeVisible();
  await expect(page.getByLabel(/^Email Address/)).toHaveValue(NEW_EMAIL);

  const audits = await app.database.db
    .selectFrom('audit_events')
    .selectAll()
    .where('event_type', '=', 'customer.profile.update')
    .execute();
  expect(audits.map((event) => event.details)).toEqual(
    expect.arrayContaining([
      { changes: { firstName: { old: 'Ada', new: 'Augusta' }, phoneNumber: { old: '+15551234567', new: null } } },
      { changes: { email: { old: EMAIL, new: NEW_EMAIL } }, emailPendingVerification: true },
    ]),
  );

  // Sign out, then in again with the new email.
  await signOut(page);
  await page.getByRole('button', { name: 'Login' }).click();
  await signIn(page, NEW_EMAIL, PASSWORD);
  await expect(menu(page)).toHaveAccessibleName('Augusta Lovelace account menu');

  // Forgot password: reset it, and be signed in with the new one.
  await signOut(page);
  await page.getByRole('button', { name: 'Login' }).click();
  await dialog(page).getByRole('button', { name: 'Reset it here' }).click();
  const resetFrom = await lastMailId();
  await dialog(page).getByLabel(field('Email')).fill(NEW_EMAIL);
  await dialog(page).getByRole('button', { name: 'Send Reset Code' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Choose a New Password' })).toBeVisible();
  await dialog(page)
    .getByLabel(field('Verification Code'))
    .fill(await codeMailedTo(NEW_EMAIL, resetFrom));
  await dialog(page).getByLabel(field('New Password')).fill(RESET_PASSWORD);
  await dialog(page).getByLabel(field('Confirm New Password')).fill(RESET_PASSWORD);
  await dialog(page).getByRole('button', { name: 'Reset Password' }).click();
  await expect(menu(page)).toBeVisible();

  // A protected page sends a signed-out visitor home with the dialog, and back after sign-in.
  await signOut(page);
  await page.goto(`${baseUrl}/profile`);
  await expect(page).toHaveURL(`${baseUrl}/`);
  await expect(dialog(page).getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await signIn(page, NEW_EMAIL, PASSWORD);
  await expect(dialog(page).getByRole('alert')).toContainText('Incorrect username or password.');
  await signIn(page, NEW_EMAIL, RESET_PASSWORD);
  await expect(page).toHaveURL(`${baseUrl}/profile`);
  await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
});

test('Google sign-in through a local OpenID provider standing in for Google, audited as google', async ({ page }) => {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('button', { name: 'Login' }).click();
  await dialog(page).getByRole('button', { name: 'Google' }).click();
  await expect(menu(page)).toHaveAccessibleName('Grace Hopper account menu');
  expect(new URL(page.url()).search).toBe('');
  await menu(page).click();
  await expect(page.getByRole('group', { name: 'Signed in as' }).getByText('Verified')).toBeVisible();
  await expect
    .poll(async () =>
      (await app.database.db.selectFrom('audit_events').selectAll().where('subject', '=', 'grace@gmail.example').execute()).map(
        (event) => [event.event_type, event.details.provider],
      ),
    )
    .toEqual([['customer.login', 'google']]);
});

test('security and settings: change the password, keep a preference, delete the account', async ({ page }) => {
  test.setTimeout(90_000);
  const email = 'grace.settings@example.com';
  await signedInAs(page, email, 'Grace', 'Settings', '/security');
  await expect(page.getByRole('heading', { name: 'Security', exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Recent sign-ins' }).getByText('Password')).toBeVisible();
  await page.getByLabel(field('Current Password')).fill(PASSWORD);
  await page.getByLabel(field('New Password')).fill(RESET_PASSWORD);
  await page.getByLabel(field('Confirm New Password')).fill(RESET_PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  // Whoever changes a password for fear of a stolen session learns the other sessions live on, and what ends them.
  await expect(page.getByRole('status')).toHaveText(
    'Your password has been changed. Devices already signed in stay signed in: to sign them out, use Sign out of all devices below.',
  );

  await menu(page).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const consent = page.getByRole('switch', { name: /product news/ });
  await expect(consent).not.toBeChecked();
  await consent.click();
  await expect(consent).toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: /product news/ })).toBeChecked();

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByLabel(field('Password')).fill(PASSWORD);
  await confirm.getByRole('button', { name: 'Delete Account' }).click();
  await expect(confirm.getByRole('alert')).toContainText('Incorrect username or password.');
  await confirm.getByLabel(field('Password')).fill(RESET_PASSWORD);
  await confirm.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page).toHaveURL(`${baseUrl}/`);
  await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden', 'true');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

  const db = app.database.db;
  expect(await db.selectFrom('identity_users').select('sub').where('email', '=', email).execute()).toEqual([]);
  const logins = await db.selectFrom('audit_events').selectAll().where('event_type', '=', 'customer.login').execute();
  expect(logins.some((event) => event.subject === email)).toBe(false);
  expect(logins.some((event) => event.subject === '[deleted account]')).toBe(true);
});

test('a renewal due while the browser is offline keeps the customer signed in, and renews once it is back online', async ({
  page,
  context,
}) => {
  // The browser's clock is moved to the renewal; the server's runs as it does.
  await page.clock.install();
  await signedInAs(page, 'ada.offline@example.com', 'Ada', 'Offline', '/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back, Ada Offline' })).toBeVisible();
  const signedInWith = await page.evaluate(() => localStorage.getItem('refreshToken'));

  await context.setOffline(true);
  await page.clock.fastForward('56:00');
  await expect(page.getByRole('heading', { name: 'Welcome back, Ada Offline' })).toBeVisible();
  await expect(menu(page)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBe(signedInWith);

  await context.setOffline(false);
  const renewed = page.waitForResponse(
    (response) =>
      response.request().headers()['x-amz-target'] === 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken' &&
      response.ok(),
  );
  await page.clock.fastForward('01:00');
  await renewed;
  await page.reload();
  await expect(page).toHaveURL(`${baseUrl}/dashboard`);
  await expect(menu(page)).toBeVisible();
});

test("offline, the forms show the product's fallback, not the browser's network error", async ({ page, context }) => {
  await signedInAs(page, 'ada.nonet@example.com', 'Ada', 'Nonet', '/settings');
  const consent = page.getByRole('switch', { name: /product news/ });
  await expect(consent).toBeEnabled();
  await context.setOffline(true);
  await consent.click();
  await expect(page.getByRole('alert')).toHaveText('Preferences could not be saved');

  await context.setOffline(false);
  await signOut(page);
  await page.getByRole('button', { name: 'Login' }).click();
  await context.setOffline(true);
  await signIn(page, 'ada.nonet@example.com', PASSWORD);
  await expect(dialog(page).getByRole('alert')).toHaveText('Sign in failed');
});

test('Close on a profile opened in a new tab, and Back on the sign-up page, stay on the site (no page of ours to go back to)', async ({
  page,
  context,
}) => {
  await signedInAs(page, 'ada.newtab@example.com', 'Ada', 'Newtab', '/dashboard');
  await expect(menu(page)).toBeVisible();
  const tab = await context.newPage();
  await tab.goto(`${baseUrl}/profile`);
  await expect(tab.getByLabel(field('First Name'))).toHaveValue('Ada');
  await tab.getByRole('button', { name: 'Close' }).click();
  await expect(tab).toHaveURL(`${baseUrl}/dashboard`);

  const signUp = await context.newPage();
  await signUp.goto(`${baseUrl}/signup`);
  await signUp.getByRole('button', { name: 'Back' }).click();
  await expect(signUp).toHaveURL(`${baseUrl}/`);
});

test('deleting the account while the identity service is unreachable says what was and was not removed, and trying again finishes', async ({
  page,
}) => {
  const email = 'ada.halfway@example.com';
  await signedInAs(page, email, 'Ada', 'Halfway', '/settings');
  // The pool stops answering DeleteUser once, after our server has forgotten the customer.
  let refusedDeletes = 0;
  await page.route(`${baseUrl}/cognito/`, async (route) => {
    if (route.request().headers()['x-amz-target']?.endsWith('.DeleteUser') && refusedDeletes === 0) {
      refusedDeletes += 1;
      await route.abort('connectionrefused');
    } else await route.fallback();
  });
  const confirm = page.getByRole('alertdialog');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await confirm.getByLabel(field('Password')).fill(PASSWORD);
  await confirm.getByRole('button', { name: 'Delete Account' }).click();
  await expect(confirm.getByRole('alert')).toHaveText(
    'Your details were removed, but your sign-in may not have been deleted. Try again to finish; if your password is no longer accepted, your account is already gone.',
  );
  const db = app.database.db;
  expect(await db.selectFrom('identity_users').select('sub').where('email', '=', email).execute()).toHaveLength(1);

  await confirm.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page).toHaveURL(`${baseUrl}/`);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(refusedDeletes).toBe(1);
  expect(await db.selectFrom('identity_users').select('sub').where('email', '=', email).execute()).toEqual([]);
});

test('the delete-account question asks for the password afresh each time: a cancelled one leaves nothing filled in', async ({
  page,
}) => {
  await signedInAs(page, 'ada.mind@example.com', 'Ada', 'Mind', '/settings');
  const confirm = page.getByRole('alertdialog');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await confirm.getByRole('button', { name: 'Delete Account' }).click();
  await expect(confirm.getByRole('alert')).toHaveText('Password is required');
  await confirm.getByLabel(field('Password')).fill(PASSWORD);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);

  // Someone else at the unlocked screen opens it again.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(confirm.getByLabel(field('Password'))).toHaveValue('');
  await expect(confirm.getByRole('alert')).toHaveCount(0);
});

test('the account menu stays under its button while the page scrolls, and its items still navigate', async ({ page }) => {
  await signedInAs(page, 'ada.scroll@example.com', 'Ada', 'Scroll', '/dashboard');
  await menu(page).click();
  const profile = page.getByRole('menuitem', { name: 'Profile' });
  await expect(profile).toBeVisible();

  // Read in the same frame as the scroll: what a click made while the page moves would hit.
  const [before, during] = await profile.evaluate((item) => {
    const top = item.getBoundingClientRect().top;
    window.scrollBy(0, 200);
    return [top, item.getBoundingClientRect().top];
  });
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  expect(during).toBe(before);
  await profile.click();
  await expect(page).toHaveURL(`${baseUrl}/profile`);
});

test("on a phone, a long name and address wrap inside their boxes: the dashboard's welcome, the security page's address, the account menu", async ({
  page,
}) => {
  const email = 'maximilian.alexander.wolfeschlegelsteinhausen@recruiting-department.example.com';
  const family = 'Wolfeschlegelsteinhausenbergerdorff';
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInAs(page, email, 'Maximilian-Alexander', family, '/dashboard');
  /** How far `inner` reaches past the right edge of `outer` (0 when it stays inside). */
  const overhang = async (inner: Locator, outer: Locator) => {
    const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
    return Math.max(0, Math.round((a?.x ?? 0) + (a?.width ?? 0) - ((b?.x ?? 0) + (b?.width ?? 0))));
  };
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

  const welcome = page.getByRole('heading', { level: 1, name: /^Welcome back/ });
  await expect(welcome).toContainText(family);
  expect({ welcome: await overhang(welcome, page.getByRole('main')), pageWidth: await pageWidth() }).toEqual({
    welcome: 0,
    pageWidth: 390,
  });

  await page.goto(`${baseUrl}/security`);
  const address = page.getByRole('main').getByText(email);
  await expect(address).toBeVisible();
  const card = page.locator('.fui-Card').filter({ has: page.getByRole('heading', { name: 'Email Verification' }) });
  expect({ address: await overhang(address, card), pageWidth: await pageWidth() }).toEqual({ address: 0, pageWidth: 390 });

  await menu(page).click();
  const header = page.getByRole('group', { name: 'Signed in as' });
  const name = header.getByText(`Maximilian-Alexander ${family}`, { exact: true });
  await expect(name).toBeVisible();
  expect({ name: await overhang(name, header) }).toEqual({ name: 0 });
});

test('the password form and the email preference keep the keyboard while they save, then give it back to the control pressed', async ({
  page,
}) => {
  await signedInAs(page, 'ada.busy@example.com', 'Ada', 'Busy', '/security');
  const form = page.locator('form').filter({ has: page.getByLabel(field('Current Password')) });
  await page.getByLabel(field('Current Password')).fill(PASSWORD);
  await page.getByLabel(field('New Password')).fill(RESET_PASSWORD);
  await page.getByLabel(field('Confirm New Password')).fill(RESET_PASSWORD);
  let release = await holdRequests(page, '**/cognito/');
  await page.getByRole('button', { name: 'Change Password' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Changing...' })).toBeDisabled();
  // Not dropped on the page's body, where Tab would start the page again.
  await expect.poll(() => keyboardRestsIn(form)).toBe(true);
  release();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change Password' })).toBeFocused();
  await page.unroute('**/cognito/');

  await page.goto(`${baseUrl}/settings`);
  const consent = page.getByRole('switch', { name: /product news/ });
  await expect(consent).toBeEnabled();
  release = await holdRequests(page, '**/api/account/preferences');
  await consent.focus();
  await page.keyboard.press('Space');
  await expect(consent).toBeDisabled();
  const card = page.locator('.fui-Card').filter({ has: page.getByRole('heading', { name: 'Email Preferences' }) });
  await expect.poll(() => keyboardRestsIn(card)).toBe(true);
  release();
  await expect(consent).toBeChecked();
  await expect(consent).toBeFocused();
});

test("on a phone, the dashboard's stat cards of a row end their notes on one line, whether their titles take one line or two", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInAs(page, 'ada.stats@example.com', 'Ada', 'Stats', '/dashboard');
  const stats = page.getByRole('region', { name: 'Statistics' });
  await expect(stats.getByRole('heading', { level: 2 })).toHaveCount(4);
  // Each card's top and its note's bottom (the note is the card's last line), grouped by row.
  const rows = await stats.evaluate((section) => {
    const byTop = new Map<number, number[]>();
    for (const card of Array.from(section.children)) {
      const top = Math.round(card.getBoundingClientRect().top);
      const note = Math.round(card.lastElementChild?.getBoundingClientRect().bottom ?? 0);
      byTop.set(top, [...(byTop.get(top) ?? []), note]);
    }
    return Array.from(byTop.values());
  });
  expect(rows).toHaveLength(2);
  for (const notes of rows) expect(new Set(notes).size, notes.join(', ')).toBe(1);
});

test('a profile saved with a field wrong puts the keyboard on that field, which reads its message', async ({ page }) => {
  await signedInAs(page, 'ada.fields@example.com', 'Ada', 'Fields', '/profile');
  await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
  const lastName = page.getByLabel(field('Last Name'));
  await expect(lastName).toHaveValue('Fields');
  await lastName.fill('');
  await page.getByRole('button', { name: 'Save Changes' }).focus();
  await page.keyboard.press('Enter');
  // Not an alert far above with the keyboard left on Save: the field to fix, saying why.
  await expect(lastName).toBeFocused();
  await expect(lastName).toHaveAttribute('aria-invalid', 'true');
  await expect(lastName).toHaveAccessibleDescription('Last name is required');
  await page.keyboard.type('Lovelace');
  await expect(lastName).not.toHaveAttribute('aria-invalid', 'true');
});

test('a password change sent with fields empty puts the keyboard on the first, which reads its message', async ({ page }) => {
  await signedInAs(page, 'ada.change@example.com', 'Ada', 'Change', '/security');
  await page.getByRole('button', { name: 'Change Password' }).focus();
  await page.keyboard.press('Enter');
  const current = page.getByLabel(field('Current Password'));
  await expect(current).toBeFocused();
  await expect(current).toHaveAccessibleDescription('Password is required');
});

test.describe('accessibility (axe): no serious or critical violations', () => {
  // Five pages, each read whole by axe: 20 to 35 s on a busy 2-core VM, over the default 30 s.
  test.setTimeout(90_000);
  for (const width of [1366, 390]) {
    test(`the five signed-in pages at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await signedInAs(page, `ada.axe${width}@example.com`, 'Ada', 'Axe', '/dashboard');
      await expect(menu(page)).toBeVisible();
      const found: string[] = [];
      for (const path of ['/dashboard', '/profile', '/subscription', '/settings', '/security']) {
        await page.goto(`${baseUrl}${path}`);
        // Still signed in: a visitor would be sent home with the sign-in dialog instead.
        await expect(menu(page)).toBeVisible();
        await expect(page).toHaveURL(`${baseUrl}${path}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        found.push(...(await seriousViolations(page)).map((violation) => `${path} ${violation}`));
      }
      expect(found).toEqual([]);
    });
  }
});

test.describe('with animations on', () => {
  test.use({ contextOptions: { reducedMotion: 'no-preference' } });
  test('unsaved profile changes: the question comes back each time and screen readers can reach it', async ({ page }) => {
    await signedInAs(page, 'ada.unsaved@example.com', 'Ada', 'Unsaved', '/dashboard');
    await menu(page).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByLabel(field('First Name')).fill('Adax');

    // getByRole sees only what assistive technology sees: a dialog left aria-hidden would not match.
    const question = page.getByRole('alertdialog', { name: 'Unsaved Changes' });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await question.getByRole('button', { name: 'Stay' }).click();
    await expect(question).toHaveCount(0);
    await expect(page.getByLabel(field('First Name'))).toHaveValue('Adax');

    await page.getByRole('button', { name: 'Close' }).click();
    await question.getByRole('button', { name: 'Leave Without Saving' }).click();
    await expect(page).toHaveURL(`${baseUrl}/dashboard`);
    await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden', 'true');
  });
});
