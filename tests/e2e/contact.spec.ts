import { expect, test, type Page } from '@playwright/test';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { seriousViolations } from './support/axe.ts';
import { WEB_DIST_DIR } from './support/web-build.ts';
import { holdRequests } from './support/sending.ts';

/**
 * These journeys check what the server stored, so each worker starts its own real server
 * (tests/support/test-server.ts: the production app on a fresh database, PostgreSQL when
 * TEST_DATABASE_URL is set) on the same web build, and reads that server's database
 * directly: no test-only route, nothing the browser could reach.
 */
let server: TestServer;
test.beforeAll(async () => {
  server = await startTestServer({
    webDistDir: WEB_DIST_DIR,
    postgres: Boolean(process.env.TEST_DATABASE_URL),
    env: { CONTACT_NOTIFY_TO: 'sales@hireassist.example', CONTACT_RATE_LIMIT_MAX: '50' },
  });
});
test.afterAll(() => server.close());

const SUCCESS = "Your message has been sent successfully! We'll get back to you soon.";

async function stored(email: string) {
  const db = server.app.database.db;
  const messages = await db.selectFrom('contact_messages').selectAll().where('email', '=', email).execute();
  const leads = await db.selectFrom('leads').selectAll().where('email', '=', email).execute();
  const mails = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where(sql<boolean>`template_params->>'email' = ${email}`)
    .execute();
  return { messages, leads, mails };
}

async function fill(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(new RegExp(`^${label}`)).fill(value);
}

test('a message sent from the contact page is stored with its lead and its notification mail', async ({ page }) => {
  await page.goto(`${server.url}/contact`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
  await fill(page, {
    Name: 'Grace Hopper',
    Email: 'grace.e2e@navy.example',
    Subject: 'Hiring 40 engineers',
    Message: 'Could you show us the ranked shortlist on one of our roles?',
  });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(SUCCESS)).toBeVisible();
  await expect(page.getByLabel(/^Name/)).toHaveValue('');

  const { messages, leads, mails } = await stored('grace.e2e@navy.example');
  expect(messages).toHaveLength(1);
  expect(messages[0]).toMatchObject({
    name: 'Grace Hopper',
    subject: 'Hiring 40 engineers',
    message: 'Could you show us the ranked shortlist on one of our roles?',
  });
  expect(leads).toEqual([expect.objectContaining({ id: messages[0]?.lead_id, name: 'Grace Hopper', source: 'contact' })]);
  expect(mails).toEqual([
    expect.objectContaining({
      id: messages[0]?.mail_id,
      to_address: 'sales@hireassist.example',
      kind: 'contact-notification',
      status: 'queued',
    }),
  ]);
});

test('the keyboard focus stays in the form while sending, not dropped to the page body with the disabled button', async ({
  page,
}) => {
  await page.goto(`${server.url}/contact`);
  const release = await holdRequests(page, '**/api/contact');
  await fill(page, { Name: 'Ada Lovelace', Email: 'ada.focus@example.com', Message: 'Please call me back.' });
  await page.getByRole('button', { name: 'Send Message' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'Send us a message' })).toBeFocused();
  release();
  await expect(page.getByText(SUCCESS)).toBeVisible();
  // The next Tab goes on from the form's top: its first field.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(/^Name/)).toBeFocused();
});

test('a message the server never answers ends in the failure message after 30 s, with the form back and filled in', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto(`${server.url}/contact`);
  // Taken, never answered: a hung server, or a proxy holding the request.
  await page.route('**/api/contact', () => {});
  await fill(page, { Name: 'Ada Lovelace', Email: 'ada.hung@example.com', Message: 'Please call me back.' });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await page.clock.fastForward(29_000);
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await page.clock.fastForward(1_500);
  await expect(page.getByRole('alert')).toHaveText('There was an error sending your message. Please try again later.');
  await expect(page.getByLabel(/^Name/)).toBeEnabled();
  await expect(page.getByLabel(/^Name/)).toHaveValue('Ada Lovelace');
  await expect(page.getByLabel(/^Message/)).toHaveValue('Please call me back.');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});

test('bad input shows what is wrong by each field and stores nothing', async ({ page }) => {
  await page.goto(`${server.url}/contact`);
  await fill(page, { Name: '   ', Email: 'bad.e2e@', Message: '' });
  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByText('Name is required.')).toBeVisible();
  await expect(page.getByText('Enter a valid email address, like name@example.com.')).toBeVisible();
  await expect(page.getByText('Message is required.')).toBeVisible();
  await expect(page.getByLabel(/^Name/)).toBeFocused();
  await expect(page.getByLabel(/^Email/)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(SUCCESS)).toBeHidden();
  expect(await stored('bad.e2e@')).toEqual({ messages: [], leads: [], mails: [] });
});

test("'Schedule a Demo' arrives at the contact page with the subject 'Demo Request'", async ({ page }) => {
  await page.goto(`${server.url}/how-it-works`);
  await page.getByRole('link', { name: 'Schedule a Demo' }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByLabel(/^Subject/)).toHaveValue('Demo Request');
});

test('the chat assistant answers an hours question after about 1.5 s, typing meanwhile', async ({ page }) => {
  // The page's clock, moved by the test: the reply's delay is checked against the page's own
  // timers, not the machine's wall clock (which a busy machine stretches).
  await page.clock.install();
  await page.goto(`${server.url}/`);
  await page.getByRole('button', { name: 'Open chat assistant' }).click();
  const panel = page.getByRole('region', { name: 'HireAssist Assistant' });
  await expect(panel).toBeVisible();
  await expect(panel).toHaveCSS('width', '360px');
  await expect(panel).toHaveCSS('height', '500px');
  await panel.getByLabel('Your message').fill('What are your hours?');
  await panel.getByLabel('Your message').press('Enter');
  const typing = panel.getByText('The assistant is typing');
  const reply = panel.getByRole('list', { name: 'Conversation' }).getByText(/Monday to Friday, 9am to 5pm/);
  await expect(typing).toBeAttached();
  await page.clock.runFor(1400);
  // Not at once: the assistant is still typing, and no answer is there yet.
  await expect(typing).toBeAttached();
  await expect(reply).toBeHidden();
  await page.clock.runFor(100);
  await expect(reply).toBeVisible();
  await expect(typing).not.toBeAttached();
});

test("the chat's code failing to load (a dropped connection) leaves the page and its half-written form alone", async ({
  page,
}) => {
  await page.goto(`${server.url}/contact`);
  await page.getByLabel(/^Message/).fill('We are hiring three nurses in Tampa');
  const chatCode = '**/assets/ChatPanel-*.js';
  await page.route(chatCode, (route) => route.abort('internetdisconnected'));
  const launcher = page.getByRole('button', { name: 'Open chat assistant' });
  await launcher.click();
  await expect(page.getByRole('alert')).toContainText('The assistant could not be loaded');
  await expect(page.getByText('Oops! Something went wrong')).toBeHidden();
  await expect(page.getByLabel(/^Message/)).toHaveValue('We are hiring three nurses in Tampa');
  // Back online, the launcher tries again: closed and opened, the assistant is there.
  await page.unroute(chatCode);
  await page.getByRole('button', { name: 'Close chat assistant' }).click();
  await launcher.click();
  await expect(page.getByRole('region', { name: 'HireAssist Assistant' })).toBeVisible();
});

test('the version check reloads the page once when index.html carries a new version marker', async ({ page }) => {
  await page.clock.install();
  let publishNewVersion = false;
  let versionChecks = 0;
  await page.route('**/index.html?v=*', async (route) => {
    versionChecks += 1;
    const response = await route.fetch();
    const html = await response.text();
    await route.fulfill({
      response,
      body: publishNewVersion ? html.replace(/(name="app-version" content=")[^"]+/, '$1a-newer-build') : html,
    });
  });
  await page.goto(`${server.url}/`);
  await expect.poll(() => versionChecks).toBe(1);

  // What a reload must clear: Cache Storage and the cached blog list.
  await page.evaluate(async () => {
    localStorage.setItem('blog_posts_cache', JSON.stringify({ data: [], cachedAt: 1 }));
    await (await caches.open('hireassist-test')).put('/probe', new Response('cached'));
  });
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('app_version') ?? '{}').version)).toMatch(/^\d{8}T/);

  publishNewVersion = true;
  const reloaded = page.waitForEvent('load');
  await page.clock.fastForward(2 * 60 * 1000);
  await reloaded;
  expect(versionChecks).toBeGreaterThanOrEqual(2);
  expect(await page.evaluate(() => localStorage.getItem('blog_posts_cache'))).toBeNull();
  expect(await page.evaluate(() => caches.keys())).toEqual([]);

  // The reloaded page runs the same build as before (the marker was faked), so it must not reload again.
  await expect.poll(() => versionChecks).toBeGreaterThanOrEqual(3);
  let reloadedAgain = false;
  page.once('load', () => (reloadedAgain = true));
  await page.clock.fastForward(2 * 60 * 1000);
  await expect.poll(() => versionChecks).toBeGreaterThanOrEqual(4);
  await page.waitForTimeout(500);
  expect(reloadedAgain).toBe(false);
});

test.describe('accessibility (axe)', () => {
  for (const width of [1280, 375]) {
    test(`the contact page, its field errors and the open chat panel have no serious or critical violations at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${server.url}/contact`);
      await page.getByLabel(/^Email/).fill('bad@');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByText('Enter a valid email address, like name@example.com.')).toBeVisible();
      await page.getByRole('button', { name: 'Open chat assistant' }).click();
      await expect(page.getByRole('region', { name: 'HireAssist Assistant' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
