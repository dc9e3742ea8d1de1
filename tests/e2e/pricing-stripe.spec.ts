import { expect, test, type Page, type Route } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { startSite, type Site } from './support/site.ts';

/*
 * The pricing page with Stripe's hosted table configured, in Chromium. Stripe cannot be reached
 * from here: its script's address is answered by the test, which holds it (loading), refuses it
 * (offline, or blocked) or serves a stand-in that defines the <stripe-pricing-table> element.
 */

const SCRIPT = 'https://js.stripe.com/v3/pricing-table.js';
const STAND_IN = `customElements.define('stripe-pricing-table', class extends HTMLElement {
  connectedCallback() { this.textContent = 'Stripe pricing table (stand-in)'; }
});`;

test.describe.configure({ mode: 'default' });

// A server of these tests' own, whose settings name a Stripe table (so its CSP allows Stripe's script).
let site: Site;
test.beforeAll(async () => {
  site = await startSite({ env: { STRIPE_PRICING_TABLE_ID: 'prctbl_1E2eTable', STRIPE_PUBLISHABLE_KEY: 'pk_test_51E2eKey' } });
});
test.afterAll(async () => {
  await site?.close();
});

/** Answers Stripe's script as `answer` says, one request at a time: the stand-in, or a refusal. */
async function answerStripe(page: Page, answer: (route: Route) => Promise<void>) {
  await page.unrouteAll();
  await page.route(SCRIPT, answer);
}
const serveStandIn = (route: Route) => route.fulfill({ contentType: 'text/javascript', body: STAND_IN });

test('with Stripe’s script mocked: “Loading plans…” shows until the table is defined, then the table, locked for a signed-out visitor', async ({
  page,
}) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await answerStripe(page, async (route) => {
    await held;
    await serveStandIn(route);
  });
  // Not until 'load': a script added before the page's load event holds that event back, and
  // Stripe's is held here until the loading notice has been seen; on a quick run the page adds it
  // that early, and the navigation waited for ever (the test timed out at page.goto).
  await page.goto(`${site.url}/pricing`, { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('status')).toHaveText('Loading plans…');
  await expect(page.getByText('Choose Starter')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  release();
  await expect(page.locator('stripe-pricing-table')).toHaveText('Stripe pricing table (stand-in)');
  await expect(page.getByRole('status')).toHaveCount(0);
  const table = page.locator('[data-locked]');
  await expect(table).toHaveAttribute('data-locked', 'true');
  await expect(table).toHaveCSS('opacity', '0.6');
  await expect(page.locator('stripe-pricing-table')).toHaveAttribute('inert', '');
});

test('with Stripe’s script mocked: when it cannot be fetched, the page says so and Try again, still usable past the lock’s second, loads the table', async ({
  page,
}) => {
  await answerStripe(page, (route) => route.abort('internetdisconnected'));
  await page.goto(`${site.url}/pricing`);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The plans could not be loaded. Check your connection and try again');
  // Past the second after which a signed-out visitor's table locks: no table, so nothing is dimmed or out of reach.
  await expect(page.getByRole('heading', { name: 'Sign Up Required' })).toBeVisible();
  const table = page.locator('[data-locked]');
  await page.waitForFunction(() => performance.now() > 1500);
  await expect(table).toHaveAttribute('data-locked', 'false');
  expect(await seriousViolations(page)).toEqual([]);

  await answerStripe(page, serveStandIn);
  await alert.getByRole('button', { name: 'Try again' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('stripe-pricing-table')).toHaveText('Stripe pricing table (stand-in)');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(table).toHaveAttribute('data-locked', 'true');
});

for (const width of [1280, 390]) {
  test(`with Stripe’s script mocked: a signed-out visitor’s Try again, past the lock’s second, leaves focus on the locked plans, not the page, its ring on screen (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.clock.install();
    await answerStripe(page, (route) => route.abort('internetdisconnected'));
    await page.goto(`${site.url}/pricing`);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The plans could not be loaded');
    // Past the second after which a signed-out visitor's table locks (the page's clock: on a busy
    // machine the page may mount well after navigation starts).
    await page.clock.runFor(2000);

    await answerStripe(page, serveStandIn);
    await alert.getByRole('button', { name: 'Try again' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('stripe-pricing-table')).toHaveText('Stripe pricing table (stand-in)');
    // The table itself is inert (locked): focus goes to the region a screen reader names for it.
    const region = page.getByRole('group', { name: 'Plans (sign up to choose a plan)' });
    await expect(region).toBeFocused();
    // The app's focus ring, whole inside the window: the region spans a phone's full width, so a
    // ring drawn outside its edges would be cut off by the screen.
    const ring = await region.evaluate((element) => {
      const style = getComputedStyle(element);
      const { left, right } = element.getBoundingClientRect();
      const reach = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
      return { style: style.outlineStyle, left: left - reach, right: right + reach, window: innerWidth };
    });
    expect(ring.style).toBe('solid');
    expect(ring.left).toBeGreaterThanOrEqual(0);
    expect(ring.right).toBeLessThanOrEqual(ring.window);
  });
}

/**
 * A signed-out visitor on a page whose clock stands still, so the lock's second has not come:
 * Stripe's script fails, then the keyboard's Try again loads the table (the stand-in).
 */
async function tryAgainBeforeTheLock(page: Page) {
  await page.clock.install();
  await answerStripe(page, (route) => route.abort('internetdisconnected'));
  await page.goto(`${site.url}/pricing`);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The plans could not be loaded');

  await answerStripe(page, serveStandIn);
  await alert.getByRole('button', { name: 'Try again' }).focus();
  await page.keyboard.press('Enter');
  const stripeTable = page.locator('stripe-pricing-table');
  return stripeTable;
}

test('with Stripe’s script mocked: a signed-out visitor’s Try again before the lock’s second leaves focus on the locked plans once the lock comes, not the page', async ({
  page,
}) => {
  const stripeTable = await tryAgainBeforeTheLock(page);
  await expect(stripeTable).toHaveText('Stripe pricing table (stand-in)');
  // Not locked yet (the page's clock has not reached its second): the table itself has focus.
  await expect(page.locator('[data-locked]')).toHaveAttribute('data-locked', 'false');
  await expect(stripeTable).toBeFocused();

  // The lock makes the table inert, which would drop focus to the page: it moves to the locked plans.
  await page.clock.runFor(2000);
  await expect(stripeTable).toHaveAttribute('inert', '');
  await expect(page.getByRole('group', { name: 'Plans (sign up to choose a plan)' })).toBeFocused();
});

test('with Stripe’s script mocked: a visitor who moved on from the table before the lock keeps focus where they went', async ({
  page,
}) => {
  const stripeTable = await tryAgainBeforeTheLock(page);
  await expect(stripeTable).toBeFocused();
  await page.keyboard.press('Tab');
  const contactSales = page.getByRole('region', { name: 'Contact sales' }).getByRole('link');
  await expect(contactSales).toBeFocused();

  await page.clock.runFor(2000);
  await expect(stripeTable).toHaveAttribute('inert', '');
  await expect(contactSales).toBeFocused();
});
