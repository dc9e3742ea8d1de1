import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { logInThroughDialog } from './support/admin-dialog.ts';
import { buildRenderer, serveDirectory, TestConsoleBridge } from './support/desktop-console.ts';
import { E2E_ADMIN_PASSWORD as PASSWORD, startSite, type Site } from './support/site.ts';

/*
 * The operator's sessions in Chromium: the known-device cookie as the browser keeps it, and
 * "Sign out all admin sessions" from the web admin panel and from the console's header (the
 * console's renderer with a test stand-in for the preload bridge: no Electron binary here).
 */

test.describe.configure({ mode: 'serial' });

// A server of these tests' own: "Sign out all" ends every admin session of its server, and the
// other specs' journeys hold sessions on the shared one at the same time.
let site: Site;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(async () => {
  await site?.close();
});

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

test('web: the browser keeps an HttpOnly, SameSite=Strict device cookie; Sign out all ends every admin session', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto(`${site.url}/admin/leads`);
  await logInThroughDialog(page, PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Lead Management' })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'hireassist_admin_device')).toMatchObject({
    httpOnly: true,
    sameSite: 'Strict',
    path: '/api/admin',
  });
  expect(await page.evaluate(() => document.cookie)).not.toContain('hireassist_admin_device');

  // Another browser signed in at the same time.
  const other = await browser.newPage();
  await other.goto(`${site.url}/admin/users`);
  await logInThroughDialog(other, PASSWORD);
  await expect(other.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();

  // Logging in turned admin mode on.
  await page.getByRole('button', { name: 'ADMIN MODE' }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Sign out all admin sessions' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Sign out all admin sessions?' });
  await expect(confirm).toBeVisible();
  await shot(page, 'web-sign-out-all-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'web-sign-out-all-390');
  await confirm.getByRole('button', { name: 'Sign out all' }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(`${site.url}/`);

  // The other browser's session ended too: its next check asks for the password again.
  await other.reload();
  await expect(other.getByRole('alertdialog', { name: 'Admin Authentication' })).toBeVisible();
  await other.close();
});

test('console: Sign out all from the header ends the session and asks for the password again', async ({ page }) => {
  test.setTimeout(180_000);
  const workDir = await mkdtemp(path.join(tmpdir(), 'hireassist-console-sessions-'));
  const renderer = await (async () => {
    await buildRenderer(path.join(workDir, 'renderer'));
    return serveDirectory(path.join(workDir, 'renderer'));
  })();
  try {
    await page.setViewportSize({ width: 1366, height: 800 });
    const bridge = new TestConsoleBridge({
      saveDir: path.join(workDir, 'saved'),
      settings: { serverUrl: site.url, lastScreen: 'leads' },
    });
    await bridge.install(page);
    await page.goto(renderer.url);
    await logInThroughDialog(page, PASSWORD);
    await expect(page.getByRole('heading', { level: 1, name: 'Lead Management' })).toBeVisible();
    const signOutAll = page.getByRole('banner').getByRole('button', { name: 'Sign out all admin sessions' });
    const confirm = page.getByRole('alertdialog', { name: 'Sign out all admin sessions?' });
    // Cancel first: nothing ends, and the keyboard is back on the button that opened the question.
    await signOutAll.click();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(signOutAll).toBeFocused();
    await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden', 'true');
    await signOutAll.click();
    await expect(confirm).toBeVisible();
    await shot(page, 'console-sign-out-all-1366');
    await page.setViewportSize({ width: 800, height: 600 });
    await shot(page, 'console-sign-out-all-800');
    await confirm.getByRole('button', { name: 'Sign out all' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Admin Authentication' })).toBeVisible();
    const [token] = bridge.tokens;
    const check = await fetch(`${site.url}/api/admin/auth/validate`, { headers: { authorization: `Bearer ${token}` } });
    expect(check.status).toBe(401);
  } finally {
    await test.step('close the renderer server and remove its files', async () => {
      await renderer.close();
      await rm(workDir, { recursive: true, force: true });
    });
  }
});
