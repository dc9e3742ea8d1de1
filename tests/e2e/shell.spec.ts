import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { sharedPage } from './support/shared-page.ts';

type Box = { x: number; y: number; width: number; height: number };

/** Whether two boxes on the screen share any point. */
function boxesOverlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Each route of the app and the heading its page shows. */
const PAGES: [string, string][] = [
  ['/', 'AI-powered recruiting for employers and HR teams'],
  ['/features', 'Features'],
  ['/how-it-works', 'How It Works'],
  ['/testimonials', 'Testimonials'],
  ['/pricing', 'Pricing'],
  ['/blog', 'Blog'],
  ['/blog/reducing-time-to-hire', '7 Proven Ways to Reduce Your Time to Hire'],
  ['/contact', 'Contact Us'],
  ['/careers', 'Jobs'],
  ['/aboutus', 'About Us'],
  ['/press', 'Press'],
  ['/signup', 'Sign Up'],
  ['/affiliates', 'Affiliate Program'],
];

test.describe('every route answers with its page', () => {
  const tour = sharedPage();
  for (const [path, heading] of PAGES) {
    test(path, async () => {
      const page = tour();
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
    });
  }
});

test.describe('signed-in pages send a signed-out visitor home with the sign-in dialog', () => {
  const tour = sharedPage();
  for (const path of ['/dashboard', '/profile', '/subscription', '/settings', '/security']) {
    test(path, async () => {
      const page = tour();
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('dialog')).toContainText('Welcome Back');
    });
  }
});

test.describe('admin pages ask for the admin password first', () => {
  const tour = sharedPage();
  for (const path of ['/admin/leads', '/admin/users']) {
    test(path, async () => {
      const page = tour();
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('alertdialog', { name: 'Admin Authentication' })).toBeVisible();
    });
  }
});

test('an unknown path shows the 404 page, with a 404 status, and leads home', async ({ page }) => {
  const response = await page.goto('/this/does/not/exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Oops! Page Not Found.' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI-powered recruiting for employers and HR teams');
});

test('on a phone, the 404 page centres every line of its message under its centred heading', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/this/does/not/exist');
  const message = page.getByText('The page you are looking for has moved or never existed.');
  await expect(message).toBeVisible();
  // Each line's middle against the page's middle: a wrapped message set flush left has its
  // first line centred by its width but the second hanging off to the left.
  const offCentre = await message.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const middle = document.documentElement.clientWidth / 2;
    return Array.from(range.getClientRects()).map((line) => Math.round(Math.abs(line.left + line.width / 2 - middle)));
  });
  expect(offCentre.length).toBeGreaterThan(1);
  expect(offCentre.filter((distance) => distance > 2)).toEqual([]);
});

test("the sign-up page's Back arrow starts at the page's left edge, under which its heading starts", async ({ page }) => {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/signup');
    const arrow = (await page.getByRole('button', { name: 'Back' }).locator('svg').boundingBox())?.x ?? 0;
    const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())?.x ?? 0;
    expect(Math.abs(arrow - heading), `at ${width} px`).toBeLessThanOrEqual(2);
  }
});

test("on a phone, a dialog keeps a margin from the screen's edges, as the sign-in dialog does", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const margins = async (dialog: Locator) => {
    await expect(dialog).toBeVisible();
    // Measured once its entrance has ended: while it opens, a dialog is scaled and stands further in.
    await dialog.evaluate((element) =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => {
            const target = (animation.effect as KeyframeEffect | null)?.target;
            return target instanceof Node && (target.contains(element) || element.contains(target));
          })
          .map((animation) => animation.finished),
      ),
    );
    const box = (await dialog.boundingBox()) ?? { x: 0, width: 0 };
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    return [box.x, width - box.x - box.width];
  };
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  const signIn = await margins(page.getByRole('dialog', { name: 'Welcome Back' }));
  expect(signIn.every((margin) => margin >= 8)).toBe(true);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Our Hiring Guarantee' }).click();
  expect(await margins(page.getByRole('dialog'))).toEqual(signIn);
  await page.goto('/admin/leads');
  expect(await margins(page.getByRole('alertdialog', { name: 'Admin Authentication' }))).toEqual(signIn);
});

test('the header menus open on hover and navigate', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Product Info' }).hover();
  await nav.getByRole('link', { name: 'How It Works' }).click();
  await expect(page).toHaveURL(/\/how-it-works$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How It Works');

  await nav.getByRole('button', { name: 'Contact' }).hover();
  await expect(nav.getByRole('link', { name: 'Contact Us' })).toBeVisible();
  await nav.getByRole('link', { name: 'Jobs' }).click();
  await expect(page).toHaveURL(/\/careers$/);

  await nav.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await nav.getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test('the header menus work by keyboard', async ({ page }) => {
  await page.goto('/');
  const trigger = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Product Info' });
  await trigger.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('link', { name: 'Features' }).first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('link', { name: 'How It Works' }).first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(trigger).toBeFocused();
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/features$/);
});

test('the footer links navigate and the legal documents are real PDFs', async ({ page, request }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(/\/aboutus$/);
  await footer.getByRole('link', { name: 'Affiliate Program' }).click();
  await expect(page).toHaveURL(/\/affiliates$/);

  for (const name of ['Privacy Policy (PDF)', 'Terms of Service (PDF)']) {
    const href = await footer.getByRole('link', { name }).getAttribute('href');
    const response = await request.get(href ?? '');
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
  }
  await expect(footer.getByRole('link', { name: 'HireAssist on LinkedIn' })).toHaveAttribute('target', '_blank');
});

test('the hiring guarantee popup states the guarantee', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Our Hiring Guarantee' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('$500 credit');
  await expect(dialog).toContainText('93.8% hire rate');
  await expect(dialog).toContainText('10+ years');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('Login opens the authentication dialog', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('dialog')).toContainText('Welcome Back');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});

test("the sign-in dialog's code failing to load (a dropped connection) leaves the page alone, says so, and loads at the next Login", async ({
  page,
}) => {
  const failure = 'The sign-in form could not be loaded. Check your connection and try again.';
  const code = '**/assets/AuthDialog-*.js';
  await page.goto('/contact');
  await page.getByLabel(/^Message/).fill('We are hiring three nurses in Tampa');
  await page.route(code, (route) => route.abort('internetdisconnected'));
  const login = page.getByRole('banner').getByRole('button', { name: 'Login' });
  await login.click();
  await expect(page.getByRole('alert').filter({ hasText: failure })).toBeVisible();
  await expect(page.getByText('Oops! Something went wrong')).toBeHidden();
  await expect(page.getByLabel(/^Message/)).toHaveValue('We are hiring three nurses in Tampa');

  await page.unroute(code);
  await login.click();
  await expect(page.getByRole('dialog')).toContainText('Welcome Back');
  await expect(page.getByRole('alert').filter({ hasText: failure })).toBeHidden();
});

/**
 * A lazily loaded part whose code fails to arrive (the connection dropped) while the visitor has
 * typed into the contact form: `open` asks for the part, `loaded` is what shows it loaded. The
 * page stays with what was typed, a notice says so in the part's place, and its Try again loads
 * the part once the connection is back.
 */
async function partFailsThenLoadsOnRetry(
  page: Page,
  { code, open, failure, loaded }: { code: string; open(): Promise<void>; failure: string; loaded: Locator },
) {
  await page.goto('/contact');
  await page.getByLabel(/^Message/).fill('We are hiring three nurses in Tampa');
  await page.route(code, (route) => route.abort('internetdisconnected'));
  await open();
  const notice = page.getByRole('alert').filter({ hasText: failure });
  await expect(notice).toBeVisible();
  await expect(page.getByText('Oops! Something went wrong')).toBeHidden();
  await expect(page.getByLabel(/^Message/)).toHaveValue('We are hiring three nurses in Tampa');
  // What opened the part still names what it controls, though the part never arrived.
  expect(await seriousViolations(page)).toEqual([]);

  await page.unroute(code);
  await notice.getByRole('button', { name: 'Try again' }).click();
  await expect(loaded).toBeVisible();
  await expect(notice).toBeHidden();
  await expect(page.getByLabel(/^Message/)).toHaveValue('We are hiring three nurses in Tampa');
}

test("the hiring guarantee's code failing to load leaves the page alone, says so, and Try again opens it", async ({ page }) => {
  await partFailsThenLoadsOnRetry(page, {
    code: '**/assets/GuaranteeDialog-*.js',
    open: () => page.getByRole('button', { name: 'Our Hiring Guarantee' }).click(),
    failure: 'The hiring guarantee could not be loaded. Check your connection and try again.',
    loaded: page.getByRole('dialog').filter({ hasText: '$500 credit' }),
  });
});

test("the sign-in dialog's code failing to load: Try again in its notice opens it", async ({ page }) => {
  await partFailsThenLoadsOnRetry(page, {
    code: '**/assets/AuthDialog-*.js',
    open: () => page.getByRole('banner').getByRole('button', { name: 'Login' }).click(),
    failure: 'The sign-in form could not be loaded. Check your connection and try again.',
    loaded: page.getByRole('dialog').filter({ hasText: 'Welcome Back' }),
  });
});

test("the chat assistant's code failing to load: Try again in its notice opens the assistant", async ({ page }) => {
  await partFailsThenLoadsOnRetry(page, {
    code: '**/assets/ChatPanel-*.js',
    open: () => page.getByRole('button', { name: 'Open chat assistant' }).click(),
    failure: 'The assistant could not be loaded. Check your connection and try again.',
    loaded: page.getByRole('region', { name: 'HireAssist Assistant' }),
  });
});

test("on a phone, a part's load failure notice puts its buttons under the message, clear of the chat launcher", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.route('**/assets/GuaranteeDialog-*.js', (route) => route.abort('internetdisconnected'));
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Our Hiring Guarantee' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'The hiring guarantee could not be loaded.' });
  await expect(notice).toBeVisible();
  const [message, retry, launcher] = await Promise.all([
    notice.getByText('The hiring guarantee could not be loaded.').boundingBox(),
    notice.getByRole('button', { name: 'Try again' }).boundingBox(),
    page.getByRole('button', { name: 'Open chat assistant' }).boundingBox(),
  ]);
  if (!message || !retry || !launcher) throw new Error('The notice, its button or the launcher has no box');
  // Beside the buttons, the message wrapped a word or two to a line, six lines high.
  expect(retry.y).toBeGreaterThanOrEqual(message.y + message.height);
  expect(message.height).toBeLessThan(3 * 24);
  const noticeBox = await notice.boundingBox();
  if (!noticeBox) throw new Error('The notice has no box');
  expect(boxesOverlap(noticeBox, launcher)).toBe(false);
});

test("the admin panel's code failing to load (Ctrl+Shift+A) leaves the page alone, says so, and Try again shows it", async ({
  page,
}) => {
  await partFailsThenLoadsOnRetry(page, {
    code: '**/assets/AdminPanel-*.js',
    open: () => page.keyboard.press('Control+Shift+A'),
    failure: 'The admin panel could not be loaded. Check your connection and try again.',
    loaded: page.getByRole('button', { name: 'ADMIN MODE' }),
  });
});

/** A token of the identity service's shape; the page reads its claims and leaves checking it to the server. */
const unsignedJwt = (claims: Record<string, unknown>) =>
  `eyJhbGciOiJub25lIn0.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;

test("the account menu's code failing to load leaves the page alone, says so, and Try again shows it", async ({ page }) => {
  // A customer coming back to the site: their session is in the browser's storage.
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const tokens = {
    idToken: unsignedJwt({ sub: 'returning-1', email: 'ada@example.com', given_name: 'Ada', family_name: 'Lovelace', exp }),
    accessToken: unsignedJwt({ sub: 'returning-1', scope: 'aws.cognito.signin.user.admin', exp }),
  };
  await page.addInitScript((stored) => {
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  }, tokens);
  await partFailsThenLoadsOnRetry(page, {
    code: '**/assets/UserMenu-*.js',
    // The menu loads with the page: the route is in place before the page loads again.
    open: () => page.reload().then(() => page.getByLabel(/^Message/).fill('We are hiring three nurses in Tampa')),
    failure: 'The account menu could not be loaded. Check your connection and try again.',
    loaded: page.getByRole('button', { name: 'Ada Lovelace account menu' }),
  });
});

test('Escape pressed the instant the sign-in dialog appears, before focus is in it, closes it', async ({ page }) => {
  await page.goto('/');
  // The key goes in from the DOM change that adds the dialog: after React's commit, before the
  // effects that move focus into it (a quick hand, or a slow device, presses it there).
  await page.evaluate(() => {
    new MutationObserver((_records, observer) => {
      if (!document.querySelector('[role="dialog"]')) return;
      observer.disconnect();
      document.body.dataset.focusAtEscape = document.activeElement?.closest('[role="dialog"]') ? 'inside' : 'outside';
      document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-focus-at-escape', 'outside');
  await expect(page.getByRole('dialog')).toBeHidden();
});

test("in forced colours (Windows' contrast themes) the chat launcher keeps its round edge, not a bare icon over the page", async ({
  page,
}) => {
  await page.emulateMedia({ forcedColors: 'active' });
  await page.goto('/');
  const launcher = page.getByRole('button', { name: 'Open chat assistant' });
  await expect(launcher).toBeVisible();
  // Its brand-coloured disc is a background, which the theme paints as the page's: only a border stays.
  const edge = await launcher.evaluate((button) => {
    const style = getComputedStyle(button);
    return { style: style.borderTopStyle, width: parseFloat(style.borderTopWidth), colour: style.borderTopColor };
  });
  const pageColour = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(edge.style).not.toBe('none');
  expect(edge.width).toBeGreaterThanOrEqual(1);
  expect(edge.colour).not.toBe(pageColour);
});

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the hamburger menu lists the same items plus Login', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    for (const label of ['Features', 'How It Works', 'Testimonials', 'Contact Us', 'Jobs', 'Pricing', 'Blog']) {
      await expect(page.getByRole('banner').getByRole('link', { name: label })).toBeVisible();
    }
    await page.getByRole('banner').getByRole('link', { name: 'Testimonials' }).click();
    await expect(page).toHaveURL(/\/testimonials$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Features' })).toBeHidden();

    await menu.click();
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).last().click();
    await expect(page.getByRole('dialog')).toContainText('Welcome Back');
  });

  test("the hamburger's Login, chosen by keyboard and the dialog closed with Escape, gives the keyboard back to the Menu button", async ({
    page,
  }) => {
    await page.goto('/pricing');
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Login' }).last()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Not the page's body (the menu entry that opened it is hidden with its menu), where the next Tab starts over.
    await expect(menu).toBeFocused();
  });

  test('the content sits 48 px below the top of the screen', async ({ page }) => {
    await page.goto('/');
    const offset = await page.locator('main').evaluate((main) => getComputedStyle(main).paddingTop);
    expect(offset).toBe('48px');
  });
});

test('the content sits 56 px below the top on larger screens', async ({ page }) => {
  await page.goto('/');
  expect(await page.locator('main').evaluate((main) => getComputedStyle(main).paddingTop)).toBe('56px');
});

test('the header is elevated once the page scrolls past 50 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header).toHaveAttribute('data-elevated', 'false');
  await page.evaluate(() => window.scrollTo(0, 40));
  await expect(header).toHaveAttribute('data-elevated', 'false');
  await page.evaluate(() => window.scrollTo(0, 120));
  await expect(header).toHaveAttribute('data-elevated', 'true');
});

test('a new page starts at the top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Press' }).click();
  await expect(page).toHaveURL(/\/press$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

// Reached with Tab, a control is scrolled only just into view: at the bottom edge, where the
// chat launcher floats. On a laptop screen, too, it must stop above the launcher's band.
for (const viewport of [
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
]) {
  test(`at ${viewport.width} × ${viewport.height}, the footer's legal links reached with Tab are clear of the chat launcher`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/features');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    // Tab by Tab from the top, as a keyboard user goes: each step scrolls only as far as it must.
    const privacy = footer.getByRole('link', { name: 'Privacy Policy (PDF)' });
    for (let step = 0; step < 80 && !(await privacy.evaluate((link) => link === document.activeElement)); step++) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Tab');
    const terms = footer.getByRole('link', { name: 'Terms of Service (PDF)' });
    await expect(terms).toBeFocused();
    const launcher = page.getByRole('button', { name: 'Open chat assistant' });
    const [link, button] = await Promise.all([terms.boundingBox(), launcher.boundingBox()]);
    if (!link || !button) throw new Error('The footer link or the chat launcher has no box');
    expect(
      boxesOverlap(link, button),
      `Terms of Service at ${JSON.stringify(link)}, the launcher at ${JSON.stringify(button)}`,
    ).toBe(false);
  });
}

// The chat launcher floats over every page at every width; scrolled to the very end, the page
// leaves room for it, so the footer's last links are never under it (the reader's last line,
// the copyright and legal links, sit there on a phone, a tablet and a laptop alike).
for (const width of [390, 768, 1280]) {
  test(`at ${width} px, the footer's last link is clear of the chat launcher at the end of the page`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/blog/reducing-time-to-hire');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const launcher = page.getByRole('button', { name: 'Open chat assistant' });
    await expect(launcher).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect
      .poll(() => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight))
      .toBe(true);
    const lastLink = page.getByRole('contentinfo').getByRole('link').last();
    const [link, button] = await Promise.all([lastLink.boundingBox(), launcher.boundingBox()]);
    if (!link || !button) throw new Error('The footer link or the chat launcher has no box');
    expect(boxesOverlap(link, button)).toBe(false);
    const hitsLink = await lastLink.evaluate((element, { x, y }) => element.contains(document.elementFromPoint(x, y)), {
      x: link.x + link.width / 2,
      y: link.y + link.height / 2,
    });
    expect(hitsLink).toBe(true);
  });
}
