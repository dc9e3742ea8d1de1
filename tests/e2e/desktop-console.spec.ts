import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { CONSOLE_SCREENS } from '../../src-desktop/contract/bridge.ts';
import { logInThroughDialog } from './support/admin-dialog.ts';
import { seriousViolations } from './support/axe.ts';
import { buildRenderer, serveDirectory, TestConsoleBridge } from './support/desktop-console.ts';
import { signUpCustomer } from './support/sign-up.ts';

/*
 * The desktop console's renderer, built from src-desktop/renderer and run in Chromium. The
 * Electron binary cannot run on these machines, so a test stand-in replaces the preload
 * bridge and main: it forwards every call to the real e2e server through the same admin
 * client main uses, with the token on the Node side only.
 */

const SERVER = process.env.E2E_BASE_URL ?? '';
const PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? '';
const RUN = Date.now().toString(36);
/** Settings that raise both settings notices: the file was reset, and can't be saved. */
const BOTH_SETTINGS_NOTICES = {
  resetBackupPath: '/home/operator/.config/HireAssist Console/settings.corrupt-2026-11-22T03-04-05.678Z.json',
  unsavedSettings: { keptAt: '/home/operator/.config/HireAssist Console/settings.json' },
};

test.describe.configure({ mode: 'serial' });

let workDir = '';
let renderer: Awaited<ReturnType<typeof serveDirectory>> | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  workDir = await mkdtemp(path.join(tmpdir(), 'hireassist-console-'));
  await buildRenderer(path.join(workDir, 'renderer'));
  renderer = await serveDirectory(path.join(workDir, 'renderer'));
});

test.afterAll(async () => {
  await renderer?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** Opens the console with the stand-in bridge, collecting any CSP violation the page reports. */
async function openConsole(page: Page, bridge: TestConsoleBridge) {
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  await bridge.install(page);
  await page.goto(renderer?.url ?? '');
  return cspViolations;
}

/** The words of an element's text (runs of letters and digits) that its line breaks cut in two. */
function wordsSplitAcrossLines(element: Locator): Promise<string[]> {
  return element.evaluate((node) => {
    const text = node.firstChild;
    if (!(text instanceof Text)) return ['(no text)'];
    const range = document.createRange();
    const lineOf = (index: number) => {
      range.setStart(text, index);
      range.setEnd(text, index + 1);
      return Math.round(range.getBoundingClientRect().top);
    };
    const split: string[] = [];
    for (const word of text.data.matchAll(/[A-Za-z0-9]+/g)) {
      const start = word.index;
      if (lineOf(start) !== lineOf(start + word[0].length - 1)) split.push(word[0]);
    }
    return split;
  });
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

function localDate(date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

test('console with a test stand-in for the preload bridge (no Electron binary here): first run, sign in, leads, CSV export, disable a user, sign out', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const userEmail = `dana-${RUN}@example.com`;
  // A lead whose name a spreadsheet would run as a formula.
  const application = await request.post(`${SERVER}/api/affiliates/applications`, {
    data: { firstName: '=HYPERLINK("http://evil.example")', lastName: `Desk${RUN}`, email: `desk-${RUN}@example.com` },
  });
  expect(application.status(), await application.text()).toBeLessThan(300);
  // A lead the search below leaves out, so "Showing 1 of 1" can only mean the search has applied.
  const other = await request.post(`${SERVER}/api/affiliates/applications`, {
    data: { firstName: 'Olga', lastName: `Other${RUN}`, email: `other-${RUN}@example.com` },
  });
  expect(other.status(), await other.text()).toBeLessThan(300);
  await signUpCustomer(request, userEmail, { given: 'Dana', family: 'Desktop' });

  await page.setViewportSize({ width: 1280, height: 800 });
  const bridge = new TestConsoleBridge({ saveDir: path.join(workDir, 'saved') });
  const cspViolations = await openConsole(page, bridge);

  // First run: the server address, prefilled, checked (https, or http on this computer only).
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to HireAssist Console' })).toBeVisible();
  const address = page.getByRole('textbox', { name: 'Server address' });
  await expect(address).toHaveValue('http://localhost:3000');
  await screenshot(page, '1-first-run');
  await address.fill('ftp://files.example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText('starting with https://');
  await address.fill('http://admin.example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText('http:// is accepted only for a server on this computer');
  await screenshot(page, '1b-insecure-address');
  expect(bridge.settings.serverUrl).toBeNull();
  await address.fill(SERVER);
  await page.getByRole('button', { name: 'Continue' }).click();

  // The shared password dialog, then the leads screen (the first screen by default).
  await expect(page.getByRole('alertdialog', { name: 'Admin Authentication' })).toBeVisible();
  await screenshot(page, '2-password');
  await logInThroughDialog(page, PASSWORD);
  await expect(page.getByRole('banner')).toContainText(SERVER);
  await expect(page.getByRole('heading', { level: 1, name: 'Lead Management' })).toBeVisible();
  const leads = page.getByRole('table', { name: 'Leads' });
  await expect(leads.getByRole('row', { name: new RegExp(`Desk${RUN}`) })).toContainText('affiliate');
  await screenshot(page, '3-leads');

  // Export: main's save dialog writes leads-YYYY-MM-DD.csv; the screen says where it went.
  await page.getByRole('searchbox').fill(`Desk${RUN}`);
  await expect(page.getByText(/^Showing 1 of 1 leads$/)).toBeVisible();
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const fileName = `leads-${localDate()}.csv`;
  const saved = path.join(workDir, 'saved', fileName);
  await expect(page.getByRole('status').filter({ hasText: 'Exported the leads to' })).toContainText(saved);
  expect(await readdir(path.join(workDir, 'saved'))).toEqual([fileName]);
  const rows = Papa.parse<string[]>((await readFile(saved, 'utf8')).replace(/^\ufeff/, '').trim()).data;
  expect(rows[0]).toEqual(['Name', 'Email', 'Source', 'Created At']);
  expect(rows[1]?.slice(0, 3)).toEqual([`'=HYPERLINK("http://evil.example") Desk${RUN}`, `desk-${RUN}@example.com`, 'affiliate']);
  await screenshot(page, '4-exported');

  // Users from the side navigation; the choice is saved as the last screen.
  await page
    .getByRole('navigation', { name: 'Console screens' })
    .getByRole('button', { name: /^Users/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  await expect.poll(() => bridge.settings.lastScreen).toBe('users');
  // The users search is an email prefix (ListUsers' `email ^= "…"`).
  await page.getByRole('searchbox').fill(`dana-${RUN}`);
  const dana = page.getByRole('table', { name: 'Users' }).getByRole('row', { name: new RegExp(userEmail) });
  await expect(dana).toContainText('Dana Desktop');
  await dana.getByRole('button', { name: /^Disable / }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Disable User' });
  await expect(confirm).toContainText(`Are you sure you want to disable user "`);
  await screenshot(page, '5-confirm-disable');
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(confirm).toBeHidden();
  await expect(dana.getByRole('cell').nth(4)).toHaveText('No');
  await expect(dana.getByRole('button', { name: /^Enable / })).toBeVisible();

  // The menu's shortcuts reach the renderer through the bridge.
  await bridge.showScreen(page, 'audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Audit Log' })).toContainText('The operator disabled');
  await bridge.showScreen(page, 'blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog Pages' })).toBeVisible();
  await page.getByRole('button', { name: 'Generate All HTML' }).click();
  await expect(page.getByRole('alert')).toHaveText(/HTML generation finished: \d+ succeeded, 0 failed\./);
  await screenshot(page, '6-blog-pages');
  await page
    .getByRole('button', { name: /^Open the page of / })
    .first()
    .click();
  await expect.poll(() => bridge.opened[0]).toMatch(new RegExp(`^${SERVER}/blog/[a-z0-9-]+\\.html$`));

  // Sign out revokes the token on the server and brings the password dialog back.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('alertdialog', { name: 'Admin Authentication' })).toBeVisible();
  const [token] = bridge.tokens;
  expect(token).toBeTruthy();
  const validate = await request.get(`${SERVER}/api/admin/auth/validate`, { headers: { authorization: `Bearer ${token}` } });
  expect(validate.ok() ? ((await validate.json()) as { valid: boolean }).valid : false).toBe(false);

  // The token stayed on the Node side: in nothing returned to the page, nor in the page.
  const returned = JSON.stringify(bridge.returned);
  const pageState = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  const html = await page.content();
  for (const value of bridge.tokens) {
    expect(returned).not.toContain(value);
    expect(pageState).not.toContain(value);
    expect(html).not.toContain(value);
  }
  expect(cspViolations).toEqual([]);
});

test('console with a test stand-in bridge: no keychain, last screen restored, an expired session asks again (1024×700)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  // A long address, in the users table and (its verification mail) in the outbox.
  const wideEmail = `widetables${Date.now().toString(36)}anaddresstoolongtowrapinacell@example.com`;
  await signUpCustomer(request, wideEmail, { given: 'Wide', family: 'Table' });
  const bridge = new TestConsoleBridge({
    saveDir: path.join(workDir, 'saved-memory'),
    tokenStorage: 'memory',
    settings: { serverUrl: SERVER, lastScreen: 'outbox' },
  });
  const cspViolations = await openConsole(page, bridge);
  await logInThroughDialog(page, PASSWORD);

  await expect(page.getByRole('heading', { level: 1, name: 'Mail Outbox' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Console screens' }).getByRole('button', { name: /^Mail outbox/ }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('The OS keychain is unavailable.')).toBeVisible();
  await expect(page.getByText('the next launch will ask for the password again')).toBeVisible();
  // Its Actions column (Retry) is in view at the table's right edge, whether or not the outbox
  // is wider than the window: that depends on the mails the run has queued, since long
  // addresses now wrap in their column (the users table below is the wide one).
  const outbox = page.getByRole('table', { name: 'Mail Outbox' });
  const outboxEdge = await outbox.evaluate((table) => table.parentElement?.getBoundingClientRect().right ?? 0);
  expect(
    await outbox.getByRole('columnheader', { name: 'Actions' }).evaluate((cell) => cell.getBoundingClientRect().right),
  ).toBeLessThanOrEqual(outboxEdge);
  await screenshot(page, '7-memory-outbox-1024');

  // Keyboard: arrow keys move along the navigation (a rail of icons at this width), Enter opens.
  const navigation = page.getByRole('navigation', { name: 'Console screens' });
  await navigation.getByRole('button', { name: /^Mail outbox/ }).focus();
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowUp');
  await expect(navigation.getByRole('button', { name: /^Users/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  await expect.poll(() => bridge.settings.lastScreen).toBe('users');
  // The table is wider than the window here: it scrolls sideways in its box, but each row's
  // actions stay in view at the box's right edge.
  const table = page.getByRole('region', { name: 'Users, scrollable' });
  await expect(table.getByRole('button', { name: /^Delete / }).first()).toBeVisible();
  const edge = await table.evaluate((box) => box.getBoundingClientRect().right);
  for (const action of await table.getByRole('button', { name: /^(Enable|Disable|Delete) / }).all()) {
    expect((await action.boundingBox())?.x ?? Infinity, (await action.getAttribute('aria-label')) ?? undefined).toBeLessThan(
      edge,
    );
    expect(await action.evaluate((button) => button.getBoundingClientRect().right)).toBeLessThanOrEqual(edge);
  }
  await screenshot(page, '8-users-1024');

  // The session ends elsewhere (revoked on the server): the next call sends the operator to the password dialog.
  const [token] = bridge.tokens;
  await request.post(`${SERVER}/api/admin/auth/logout`, { headers: { authorization: `Bearer ${token}` } });
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Admin Authentication' })).toBeVisible();
  await logInThroughDialog(page, PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();

  // Change server: Cancel keeps the current one.
  await page.getByRole('button', { name: 'Change server' }).click();
  await expect(page.getByRole('textbox', { name: 'Server address' })).toHaveValue(SERVER);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();

  // A sign-out whose call to main fails: the operator is told, nothing goes unhandled, and the
  // window still asks for the password although the Node side kept a token the server accepts.
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.evaluate(() => {
    const admin = window.hireAssistConsole?.admin;
    if (admin) admin.logout = () => Promise.reject(new Error('the main process did not answer'));
  });
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('alertdialog', { name: 'Admin Authentication' })).toBeVisible();
  await logInThroughDialog(page, PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  const failure = page.getByRole('alert').filter({ hasText: 'Sign-out did not finish.' });
  await expect(failure).toContainText('the main process did not answer');
  await expect(failure).toContainText('the server may accept the old session until it expires');
  await screenshot(page, '9-sign-out-failed');
  await failure.getByRole('button', { name: /^Dismiss/ }).click();
  await expect(failure).toBeHidden();
  expect(pageErrors).toEqual([]);
  expect(cspViolations).toEqual([]);
});

test('console with a test stand-in bridge: the first-run screen, the password dialog and the six screens pass axe (1024×700)', async ({
  page,
}) => {
  // Eight pages analysed: about 35 s on an idle machine.
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1024, height: 700 });
  const bridge = new TestConsoleBridge({ saveDir: path.join(workDir, 'saved-axe'), tokenStorage: 'memory' });
  await openConsole(page, bridge);
  const found: string[] = [];
  const check = async (where: string) =>
    found.push(...(await seriousViolations(page)).map((violation) => `${where} ${violation}`));

  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to HireAssist Console' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Server address' }).fill('ftp://files.example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await check('first run, with its error');
  await page.getByRole('textbox', { name: 'Server address' }).fill(SERVER);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Admin Authentication' })).toBeVisible();
  await check('password dialog');
  await logInThroughDialog(page, PASSWORD);
  const navigation = page.getByRole('navigation', { name: 'Console screens' });
  const buttons = await navigation.getByRole('button').all();
  expect(buttons).toHaveLength(CONSOLE_SCREENS.length);
  for (const button of buttons) {
    const name = (await button.textContent()) ?? '';
    await button.click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await check(name);
  }
  expect(found).toEqual([]);
});

test('console with a test stand-in bridge: settings reset notice, password dialog texts of the screen shown (server unreachable)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const backup = '/home/operator/.config/HireAssist Console/settings.corrupt-2026-11-22T03-04-05.678Z.json';
  // What main answers after it found the settings file unreadable: the defaults, and where the old file went.
  const bridge = new TestConsoleBridge({
    saveDir: path.join(workDir, 'saved-reset'),
    settings: { serverUrl: null, lastScreen: 'leads', resetBackupPath: backup },
  });
  const cspViolations = await openConsole(page, bridge);

  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to HireAssist Console' })).toBeVisible();
  const notice = page.getByRole('status').filter({ hasText: "The console's settings were reset." });
  await expect(notice).toContainText(`The old file was kept as ${backup}.`);
  await screenshot(page, '10-settings-reset');
  await notice.getByRole('button', { name: /^Dismiss/ }).click();
  await expect(notice).toBeHidden();

  // Nothing listens on port 9: every login fails as a network error, whose text differs per dialog (src-shared/admin/messages.ts).
  await page.getByRole('textbox', { name: 'Server address' }).fill('http://127.0.0.1:9');
  await page.getByRole('button', { name: 'Continue' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Admin Authentication' });
  await expect(dialog).toBeVisible();
  await expect(page.getByText("The console's settings were reset.")).toHaveCount(0);
  await dialog.getByLabel('Admin password').fill('any password');
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Network error');

  // The menu opens the users screen behind the dialog: its dialog texts apply from now on.
  await bridge.showScreen(page, 'users');
  await expect.poll(() => bridge.settings.lastScreen).toBe('users');
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Network error - check if server is running');
  expect(cspViolations).toEqual([]);
});

test('console with a test stand-in bridge: at the smallest window (800×560) the first-run step with both settings notices scrolls to its Continue button', async ({
  page,
}) => {
  // The window's minimum size (src-desktop/main/window.ts).
  await page.setViewportSize({ width: 800, height: 560 });
  const bridge = new TestConsoleBridge({
    saveDir: path.join(workDir, 'saved-small'),
    settings: {
      serverUrl: null,
      lastScreen: 'leads',
      ...BOTH_SETTINGS_NOTICES,
    },
  });
  await openConsole(page, bridge);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to HireAssist Console' })).toBeVisible();
  const resume = page.getByRole('button', { name: 'Continue' });
  // The step is taller than the window: the mouse wheel brings its button into view.
  await page.getByRole('heading', { level: 1 }).hover();
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => resume.evaluate((button) => button.getBoundingClientRect().bottom)).toBeLessThanOrEqual(560);
  // The notices' file paths wrap between their words, not inside one ("/home/operat|or").
  for (const notice of ["The console's settings were reset.", "The console's settings can't be saved."]) {
    const path = page.getByRole('status').filter({ hasText: notice }).getByText('/home/operator/', { exact: false });
    expect(await wordsSplitAcrossLines(path), notice).toEqual([]);
  }
  await screenshot(page, '11-first-run-small-window');
});

test('console with a test stand-in bridge: the notices above a screen stand apart, evenly, and each goes with the keyboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const bridge = new TestConsoleBridge({
    saveDir: path.join(workDir, 'saved-notices'),
    tokenStorage: 'memory',
    settings: {
      serverUrl: SERVER,
      lastScreen: 'leads',
      ...BOTH_SETTINGS_NOTICES,
    },
  });
  await openConsole(page, bridge);
  await logInThroughDialog(page, PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Lead Management' })).toBeVisible();
  const reset = page.getByRole('status').filter({ hasText: "The console's settings were reset." });
  const unsaved = page.getByRole('status').filter({ hasText: "The console's settings can't be saved." });
  const keychain = page.getByRole('status').filter({ hasText: 'The OS keychain is unavailable.' });
  const box = async (notice: typeof reset) => (await notice.boundingBox()) ?? { y: 0, height: 0 };
  const [first, second, third] = [await box(reset), await box(unsaved), await box(keychain)];
  const gaps = [second.y - (first.y + first.height), third.y - (second.y + second.height)];
  expect(gaps[0], 'between the two settings notices').toBeGreaterThan(0);
  expect(gaps[0]).toBe(gaps[1]);
  await screenshot(page, '12-notices');

  // Each dismissable notice goes with Tab and Enter.
  await reset.getByRole('button', { name: /^Dismiss/ }).focus();
  await page.keyboard.press('Enter');
  await expect(reset).toBeHidden();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(unsaved.getByRole('button', { name: /^Dismiss/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(unsaved).toBeHidden();
});

test('console with a test stand-in bridge: at the smallest window (800×560) a long server address is cut short, not the header buttons', async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 560 });
  const serverUrl = 'https://hireassist-admin.operations.eu-west-1.example-company.internal:8443';
  const bridge = new TestConsoleBridge({
    saveDir: path.join(workDir, 'saved-long'),
    settings: { serverUrl, lastScreen: 'leads' },
  });
  await openConsole(page, bridge);
  await expect(page.getByRole('alertdialog', { name: 'Admin Authentication' })).toBeVisible();
  // Behind the password dialog, the header is hidden from assistive technology: looked up with it.
  const header = page.getByRole('banner', { includeHidden: true });
  const height = async (name: string) =>
    (await header.getByRole('button', { name, exact: true, includeHidden: true }).boundingBox())?.height ?? Infinity;
  // Each labelled button stays one line, as high as the icon-only one beside it.
  const oneLine = await height('Sign out all admin sessions');
  expect(await height('Change server')).toBe(oneLine);
  expect(await height('Sign out')).toBe(oneLine);
  // The address keeps its globe and ends in an ellipsis; the whole of it is the pill's name.
  const pill = header.getByLabel(`Server ${serverUrl}`);
  const globe = (await pill.locator('svg').boundingBox()) ?? { width: 0, height: 0 };
  expect(globe.width).toBe(globe.height);
  await screenshot(page, '13-long-server-address');
});

test('console with a test stand-in bridge: at the smallest window (800×560) each screen’s search box shows its whole placeholder', async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 560 });
  const bridge = new TestConsoleBridge({
    saveDir: path.join(workDir, 'saved-search'),
    tokenStorage: 'memory',
    settings: { serverUrl: SERVER, lastScreen: 'leads' },
  });
  await openConsole(page, bridge);
  await logInThroughDialog(page, PASSWORD);
  const cutShort: string[] = [];
  const searched = {
    leads: 'Lead Management',
    users: 'User Management',
    outbox: 'Mail Outbox',
    applications: 'Affiliate Applications',
  } as const;
  for (const [screen, heading] of Object.entries(searched) as [keyof typeof searched, string][]) {
    await bridge.showScreen(page, screen);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    const search = page.getByRole('searchbox');
    await expect(search).toBeVisible();
    // The placeholder's text, measured in the box's font, against the room inside its padding.
    const fit = await search.evaluate(async (input: HTMLInputElement) => {
      await document.fonts.ready;
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) throw new Error('No 2D canvas');
      context.font = style.font;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { placeholder: input.placeholder, text: context.measureText(input.placeholder).width, room };
    });
    if (fit.text > fit.room) cutShort.push(`${fit.placeholder} (${Math.round(fit.text)} px in ${fit.room} px)`);
  }
  expect(cutShort).toEqual([]);
  await bridge.showScreen(page, 'leads');
  // Where the tools wrap, the date range moves on whole: From and To stay on one line.
  const top = async (label: string) => (await page.getByLabel(label, { exact: true }).boundingBox())?.y;
  expect(await top('To')).toBe(await top('From'));
  await screenshot(page, '14-leads-small-window');
});

/** WCAG's contrast ratio of two opaque `rgb(…)` colours. */
function contrastRatio(first: string, second: string): number {
  const luminance = (color: string) => {
    const [red = 0, green = 0, blue = 0] = (color.match(/[\d.]+/g) ?? []).map((channel) => {
      const value = Number(channel) / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
  };
  const [one, other] = [luminance(first), luminance(second)];
  return (Math.max(one, other) + 0.05) / (Math.min(one, other) + 0.05);
}

test('console with a test stand-in bridge: every focusable part of the header shows a focus ring that stands out from its blue (4.5:1 or more)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const bridge = new TestConsoleBridge({
    saveDir: path.join(workDir, 'saved-header-focus'),
    tokenStorage: 'memory',
    settings: { serverUrl: SERVER, lastScreen: 'leads' },
  });
  await openConsole(page, bridge);
  await logInThroughDialog(page, PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Lead Management' })).toBeVisible();
  const header = page.getByRole('banner');
  /** The focused element's name, its outline, and how it stands out from the header's background. */
  const focusedRing = () =>
    page.evaluate(() => {
      const focused = document.activeElement as HTMLElement;
      const ring = getComputedStyle(focused);
      const background = getComputedStyle(focused.closest('header') ?? document.body).backgroundColor;
      const name = focused.getAttribute('aria-label') ?? focused.textContent ?? '';
      return { name, style: ring.outlineStyle, width: parseFloat(ring.outlineWidth), color: ring.outlineColor, background };
    });
  // By keyboard, as a ring is meant for: Tab from the server's address through the buttons, and back.
  const rings = [];
  await header.getByLabel(`Server ${SERVER}`).focus();
  for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    rings.push(await focusedRing());
  }
  const names = rings.map((ring) => ring.name);
  expect(new Set(names)).toEqual(new Set([`Server ${SERVER}`, 'Change server', 'Sign out', 'Sign out all admin sessions']));
  const weak = rings
    // An opaque colour (rgb, not a transparent rgba), 2 px at least.
    .filter(
      (ring) =>
        ring.style !== 'solid' ||
        ring.width < 2 ||
        !ring.color.startsWith('rgb(') ||
        contrastRatio(ring.color, ring.background) < 4.5,
    )
    .map((ring) => `${ring.name}: ${ring.style} ${ring.width}px ${ring.color} on ${ring.background}`);
  expect(weak).toEqual([]);
  await header.getByRole('button', { name: 'Change server' }).focus();
  await page.keyboard.press('Tab');
  await screenshot(page, '15-header-focus-ring');
});

test('console with a test stand-in bridge: at the smallest window (800×560), started with its server down, the password dialog hides none of the notices', async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 560 });
  // A session kept from the last run, which the console checks at start: nothing listens on port 9.
  const bridge = new TestConsoleBridge({
    saveDir: path.join(workDir, 'saved-down'),
    keptToken: 'a-session-from-the-last-run',
    settings: { serverUrl: 'http://127.0.0.1:9', lastScreen: 'leads', ...BOTH_SETTINGS_NOTICES },
  });
  await openConsole(page, bridge);
  const dialog = page.getByRole('alertdialog', { name: 'Admin Authentication' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Admin password')).toBeFocused();
  const titles = [
    "The console's settings were reset.",
    "The console's settings can't be saved.",
    'The server could not be reached.',
  ];
  for (const title of titles) {
    // Read by a screen reader too: the page behind a modal dialog is hidden from it.
    const notice = page.getByRole('status').filter({ hasText: title });
    await expect(notice, title).toBeVisible();
    // Brought into view (by the wheel, or by Tab to its Dismiss button), it is on top: the point
    // at its title's centre is the notice's, not the dialog's or the dimmed backdrop's.
    await notice.scrollIntoViewIfNeeded();
    const covered = await notice.getByText(title).evaluate((element) => {
      const { left, top, width, height } = element.getBoundingClientRect();
      const found = document.elementFromPoint(left + width / 2, top + height / 2);
      return !(found && element.contains(found));
    });
    expect(covered, `${title} is covered`).toBe(false);
  }
  await dialog.getByLabel('Admin password').scrollIntoViewIfNeeded();
  await screenshot(page, '16-notices-with-password-dialog');
  expect(await seriousViolations(page)).toEqual([]);
  // Each settings notice still goes with the keyboard, the focus staying in the dialog.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: "Dismiss: The console's settings were reset." })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText("The console's settings were reset.")).toHaveCount(0);
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Admin password')).toBeFocused();
});
