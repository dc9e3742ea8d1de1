import { expect, test } from '@playwright/test';
import { holdRequests } from './support/sending.ts';

test('the affiliates page shows the program: its highlights, partner tiers, sections and application form', async ({ page }) => {
  await page.goto('/affiliates');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Affiliate Program');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('text-transform', 'uppercase');
  for (const chip of ['Up to $300 per Sale', 'Recurring Revenue', 'No Earning Limits']) {
    await expect(page.getByRole('list', { name: 'Program highlights' }).getByText(chip)).toBeVisible();
  }
  const tiers: [string, string, string][] = [
    ['Bronze Partner', '1-10 referrals per month', '10%'],
    ['Silver Partner', '11-25 referrals per month', '15%'],
    ['Gold Partner', '25+ referrals per month', '20%'],
  ];
  for (const [tier, referrals, rate] of tiers) {
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: tier }) });
    await expect(card).toContainText(referrals);
    await expect(card).toContainText(rate);
    expect(await card.getByRole('listitem').count()).toBeGreaterThan(1);
  }
  await expect(page.getByRole('heading', { name: 'Why Join' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Partner Requirements' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
  await expect(page.getByText('Applications are reviewed within 2-3 business days.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ready to Start Earning?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact Our Affiliate Team' })).toHaveAttribute('href', /^mailto:.+@/);
  const experience = page.getByLabel('Affiliate Marketing Experience');
  await expect(experience.locator('option')).toHaveText([
    'Select your experience',
    'Beginner (0-1 years)',
    'Intermediate (2-5 years)',
    'Advanced (5+ years)',
  ]);
});

test('an application disables the form while sending, then a confirmation in its place', async ({ page }) => {
  await page.goto('/affiliates');
  const release = await holdRequests(page, '**/api/affiliates/applications');
  await page.getByLabel('First Name').fill('Katherine');
  await page.getByLabel('Last Name').fill('Johnson');
  await page.getByLabel('Email').fill(`katherine-${Date.now()}@example.com`);
  await page.getByLabel('Affiliate Marketing Experience').selectOption('advanced');
  await page.getByLabel('Describe Your Audience').fill('Engineering managers');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  const form = page.getByRole('form', { name: 'Affiliate application' });
  await expect(form.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  for (const control of await form.locator('input, select, textarea').all()) await expect(control).toBeDisabled();
  release();
  const message = page.getByRole('status').filter({ hasText: 'Application submitted successfully!' });
  await expect(message).toHaveText(
    "Application submitted successfully! We'll review your application and get back to you within 2-3 business days.",
  );
  // The form gives way to a confirmation, and comes back empty for another application.
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Thank you for applying' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit another application' }).click();
  await expect(page.getByLabel('First Name')).toHaveValue('');
});

test('a form with a missing name and a mistyped email says so under each field, in the page, and sends nothing', async ({
  page,
}) => {
  await page.goto('/affiliates');
  let sent = 0;
  await page.route('**/api/affiliates/applications', (route) => {
    sent += 1;
    return route.continue();
  });
  await page.getByLabel('Last Name').fill('Johnson');
  await page.getByLabel('Email').fill('katherine@example');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByLabel('First Name')).toBeFocused();
  await expect(page.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('First Name is required.')).toBeVisible();
  await expect(page.getByText('Enter a valid email address, like name@example.com.')).toBeVisible();
  // No browser bubble: the browser's own check never ran.
  expect(
    await page
      .getByLabel('First Name')
      .evaluate((input: HTMLInputElement) => input.validationMessage === '' || input.form?.noValidate),
  ).toBe(true);
  expect(sent).toBe(0);
});

test('the keyboard focus stays on the form while sending, not dropped to the page body with the disabled button', async ({
  page,
}) => {
  await page.goto('/affiliates');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/affiliates/applications', async (route) => {
    await held;
    await route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Service unavailable"}' });
  });
  await page.getByLabel('First Name').fill('Ann');
  await page.getByLabel('Last Name').fill('Lee');
  await page.getByLabel('Email').fill('ann.focus@example.com');
  await page.getByRole('button', { name: 'Submit Application' }).focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Affiliate application' });
  await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  await expect(form).toBeFocused();
  await expect(form).toHaveAttribute('aria-busy', 'true');
  release();
  // The failure takes the focus (it is read out), and the next Tab goes on to the first field.
  await expect(page.getByRole('alert')).toBeFocused();
  await expect(form).not.toHaveAttribute('aria-busy', 'true');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('First Name')).toBeFocused();
});

test('an address pasted with a no-break space after it (as copied from a mail signature) is sent as the address it shows', async ({
  page,
}) => {
  await page.goto('/affiliates');
  await page.getByLabel('First Name').fill('Dorothy');
  await page.getByLabel('Last Name').fill('Vaughan');
  await page.getByLabel('Email').fill(`dorothy-${Date.now()}@example.com\u00a0`);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Application submitted successfully!' })).toBeVisible();
});

test('an application the server never answers ends in the failure message after 30 s, with the form back and filled in', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/affiliates');
  // Taken, never answered: a hung server, or a proxy holding the request.
  await page.route('**/api/affiliates/applications', () => {});
  await page.getByLabel('First Name').fill('Annie');
  await page.getByLabel('Last Name').fill('Easley');
  await page.getByLabel('Email').fill('annie@example.com');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  await page.clock.fastForward(29_000);
  await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  await page.clock.fastForward(1_500);
  await expect(page.getByRole('alert')).toHaveText(
    /^Failed to submit application\. Please try again or contact us directly at \S+@\S+$/,
  );
  await expect(page.getByLabel('First Name')).toBeEnabled();
  await expect(page.getByLabel('First Name')).toHaveValue('Annie');
  await expect(page.getByRole('button', { name: 'Submit Application' })).toBeEnabled();
});

test('a failed application shows the failure message with the affiliate team address', async ({ page }) => {
  await page.goto('/affiliates');
  await page.route('**/api/affiliates/applications', (route) => route.fulfill({ status: 500, body: '{"error":"boom"}' }));
  await page.getByLabel('First Name').fill('Mary');
  await page.getByLabel('Last Name').fill('Jackson');
  await page.getByLabel('Email').fill('mary@example.com');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    /^Failed to submit application\. Please try again or contact us directly at \S+@\S+$/,
  );
  await expect(page.getByLabel('First Name')).toHaveValue('Mary');
});

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test('the affiliates page fits without sideways scrolling', async ({ page }) => {
    await page.goto('/affiliates');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page shows the program and names itself, as crawlers read it', async ({ page, baseURL }) => {
    await page.goto('/affiliates');
    await expect(page.getByText('Affiliate Program', { exact: true }).first()).toBeVisible();
    for (const text of ['Bronze Partner', 'Gold Partner', 'Why Join', 'Partner Requirements', 'Apply to Become a Partner']) {
      await expect(page.getByText(text).first(), text).toBeVisible();
    }
    await expect(page).toHaveTitle('Affiliate Program | HireAssist');
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/affiliates`);
  });
});

test('on a phone, with reduced motion asked for, the confirmation comes into view at once rather than gliding there', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/affiliates');
  const release = await holdRequests(page, '**/api/affiliates/applications');
  await page.getByLabel('First Name').fill('Evelyn');
  await page.getByLabel('Last Name').fill('Boyd');
  await page.getByLabel('Email').fill(`evelyn-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  // Where the page stands at each frame from the answer on, as the visitor sees it move.
  await page.evaluate(() => {
    const seen: number[] = [];
    Object.assign(window, { scrollPositions: seen });
    const frame = () => {
      seen.push(Math.round(window.scrollY));
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  release();
  await expect(page.getByRole('status').filter({ hasText: 'Application submitted successfully!' })).toBeInViewport();
  await page.waitForTimeout(1000);
  const positions = await page.evaluate(() => (window as unknown as { scrollPositions: number[] }).scrollPositions);
  // The position before the answer and the one after: no glide through the positions between.
  expect(new Set(positions).size, positions.join(' ')).toBeLessThanOrEqual(2);
});
