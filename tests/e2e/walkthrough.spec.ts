import { expect, test, type Page } from '@playwright/test';
import { PATHS, PUBLIC_PAGE_PATHS } from '../../src-shared/domain/routes.ts';
import { holdRequests, keyboardRestsIn } from './support/sending.ts';
import { sharedPage } from './support/shared-page.ts';

/** Scrolls through the page so that sections loaded on approach are in it too. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, 0);
  });
}

test.describe('typography on a phone (390 px)', () => {
  const tour = sharedPage({ viewport: { width: 390, height: 844 } });

  for (const path of PUBLIC_PAGE_PATHS) {
    test(`no heading on ${path} is set on a line shorter than its letters`, async () => {
      const page = tour();
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await scrollThrough(page);
      const cramped = await page.evaluate(() =>
        Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6'))
          .map((heading) => {
            const style = getComputedStyle(heading);
            return {
              text: heading.textContent?.trim() ?? '',
              size: parseFloat(style.fontSize),
              line: parseFloat(style.lineHeight),
            };
          })
          // 'normal' parses as NaN: the browser's own line height, which always fits.
          .filter(({ size, line }) => !Number.isNaN(line) && line < size),
      );
      expect(cramped).toEqual([]);
    });
  }
});

test.describe('a dialog that closes gives the page back', () => {
  async function expectPageGivenBack(page: Page, opener: ReturnType<Page['getByRole']>): Promise<void> {
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden', 'true');
    await expect(opener).toBeFocused();
    // What a screen reader would find again: the main landmark and the page's heading.
    await expect(page.getByRole('main')).toBeVisible();
  }

  for (const width of [390, 1366]) {
    test(`the hiring guarantee popup, read and closed, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(PATHS.home);
      const opener = page.getByRole('contentinfo').getByRole('button', { name: 'Our Hiring Guarantee' });
      await opener.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.waitForTimeout(1000); // the visitor reads it
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await expectPageGivenBack(page, opener);
    });
  }

  test('the sign-in dialog, dismissed with Escape', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(PATHS.pricing);
    const opener = page.getByRole('banner').getByRole('button', { name: 'Login' });
    await opener.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expectPageGivenBack(page, opener);
  });
});

test('the sign-in dialog keeps the keyboard while it signs in, then gives it back to the password', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(PATHS.pricing);
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await dialog.getByLabel(/^Email/).focus();
  await page.keyboard.type('nobody-here@example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Not-the-password-1');
  // The identity service's answers held on their way: the dialog signs in for as long as the test looks.
  const release = await holdRequests(page, '**/cognito/**');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
  // Sending disabled the fields under the focus: the dialog holds it, not the page's body.
  await expect.poll(() => keyboardRestsIn(dialog)).toBe(true);
  release();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(dialog.getByLabel(/^Password/)).toBeFocused();
});

test('sent with fields wrong, the sign-in, reset and sign-up forms put the keyboard on the first one, which says what is wrong', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(PATHS.pricing);
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const sendByKeyboard = async (dialogName: string, button: string) => {
    await page.getByRole('dialog', { name: dialogName }).getByRole('button', { name: button }).focus();
    await page.keyboard.press('Enter');
  };
  const signIn = page.getByRole('dialog', { name: 'Welcome Back' });
  await sendByKeyboard('Welcome Back', 'Sign In');
  // Not left on the button: on the field to fix, whose problem a screen reader reads with it.
  await expect(signIn.getByLabel(/^Email/)).toBeFocused();
  await expect(signIn.getByLabel(/^Email/)).toHaveAccessibleDescription('Email is required');
  await page.keyboard.type('ada@example.com');
  await sendByKeyboard('Welcome Back', 'Sign In');
  await expect(signIn.getByLabel(/^Password/)).toBeFocused();

  await signIn.getByRole('button', { name: 'Reset it here' }).click();
  const reset = page.getByRole('dialog', { name: 'Reset Password' });
  await reset.getByLabel(/^Email/).fill('');
  await sendByKeyboard('Reset Password', 'Send Reset Code');
  await expect(reset.getByLabel(/^Email/)).toBeFocused();

  await reset.getByRole('button', { name: 'Back to sign in' }).click();
  await signIn.getByRole('button', { name: 'Sign up' }).click();
  const signUp = page.getByRole('dialog', { name: 'Create Account' });
  await signUp.getByLabel(/^First Name/).fill('Ada');
  await sendByKeyboard('Create Account', 'Create Account');
  await expect(signUp.getByLabel(/^Last Name/)).toBeFocused();
});

test.describe('on a phone, floating controls never cover content', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /**
   * Focuses each control in the page's main content as a keyboard user would reach it (the browser
   * scrolls it into view), and lists those that a fixed-position element then overlaps.
   */
  const obscuredWhenFocused = (page: Page) =>
    page.evaluate(() => {
      const floating = Array.from(document.querySelectorAll<HTMLElement>('body *')).filter(
        (element) => getComputedStyle(element).position === 'fixed' && element.getBoundingClientRect().height > 0,
      );
      const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      return Array.from(document.querySelectorAll<HTMLElement>('main button, main a[href]'))
        .filter((control) => control.getBoundingClientRect().height > 0)
        .map((control) => {
          window.scrollTo(0, 0);
          control.focus();
          const box = control.getBoundingClientRect();
          const over = floating.filter((element) => !element.contains(control) && overlaps(box, element.getBoundingClientRect()));
          return {
            control: control.textContent?.trim(),
            coveredBy: over.map((element) => element.textContent?.trim() || element.tagName),
          };
        })
        .filter(({ coveredBy }) => coveredBy.length > 0);
    });

  test("the pricing page's plans and the page's end stay clear of the Sign Up button and the chat launcher", async ({ page }) => {
    await page.goto(PATHS.pricing);
    await expect(page.getByRole('button', { name: 'Sign Up' }).last()).toBeVisible();
    // The plans come after the public configuration: checked before them, the page would have
    // nothing to cover.
    await expect(page.locator('main button', { hasText: /^Choose / }).first()).toBeVisible();
    expect(await obscuredWhenFocused(page)).toEqual([]);
    // Scrolled so a plan's button passes under the bottom band, no part of it shows between the
    // floating controls: the band is one opaque bar, not buttons floating over the content.
    const peeking = await page.evaluate(() => {
      const plan = Array.from(document.querySelectorAll('main button')).find((b) => b.textContent?.startsWith('Choose'));
      if (!plan) throw new Error('No plan button on the pricing page');
      const band = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--floating-band-height')) || 80;
      window.scrollBy(0, plan.getBoundingClientRect().top - (window.innerHeight - band / 2));
      return [40, 120, 200, 280].filter((x) => plan.contains(document.elementFromPoint(x, window.innerHeight - band / 2)));
    });
    expect(peeking).toEqual([]);
    // The page's last lines, scrolled to the very end, are not under the bottom band either.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastLink = page.getByRole('contentinfo').getByRole('link').last();
    const box = await lastLink.boundingBox();
    if (!box) throw new Error('The footer has no visible link');
    const hitsLink = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('a') !== null, {
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
    });
    expect(hitsLink).toBe(true);
  });
});

for (const width of [390, 1366]) {
  test(`every field of the sign-up dialog lies inside the dialog at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(PATHS.pricing);
    await page.getByRole('button', { name: 'Sign Up' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel(/^Last Name/)).toBeVisible();
    const outside = await dialog.evaluate((surface) => {
      const bounds = surface.getBoundingClientRect();
      return Array.from(surface.querySelectorAll('input'))
        .map((input) => ({ label: input.labels?.[0]?.textContent, box: input.getBoundingClientRect() }))
        .filter(({ box }) => box.left < bounds.left || box.right > bounds.right)
        .map(({ label }) => label);
    });
    expect(outside).toEqual([]);
  });
}

for (const width of [390, 1366]) {
  test(`with reduced motion the client logos stand as one even grid at ${width} px: each once, readable, no orphan`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(PATHS.home);
    const wall = page.locator('section[aria-labelledby="clients-heading"]');
    await scrollThrough(page);
    // The prerendered wall is replaced by the live one as the visitor nears it; a scroll that
    // starts on the first can find it gone (it failed so once on two busy cores): try again.
    await expect(async () => {
      await wall.scrollIntoViewIfNeeded({ timeout: 2000 });
      await expect(wall.locator('img').first()).toBeVisible({ timeout: 2000 });
    }).toPass();
    const shown = await wall.evaluate((section) =>
      Array.from(section.querySelectorAll('li'))
        .map((item) => ({ name: item.textContent || item.querySelector('img')?.alt, box: item.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && box.height > 0)
        .map(({ name, box }) => ({ name, top: Math.round(box.top), height: box.height })),
    );
    const names = shown.map((logo) => logo.name);
    expect(new Set(names).size).toBe(names.length);
    expect(shown.every((logo) => logo.height >= 24)).toBe(true);
    const perRow = [...new Set(shown.map((logo) => logo.top))].map((top) => shown.filter((logo) => logo.top === top).length);
    expect(new Set(perRow).size).toBe(1);
  });
}

test.describe('the comparison on How It Works', () => {
  for (const width of [390, 1366]) {
    test(`is a table a screen reader can read, with text at a readable size inside its cells, at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(PATHS.howItWorks);
      const table = page.getByRole('table', { name: /HireAssist compared with/ });
      await table.scrollIntoViewIfNeeded();
      await expect(table.getByRole('columnheader', { name: 'Job boards' })).toBeAttached();
      await expect(table.getByRole('rowheader', { name: 'Match rating 1 to 10' })).toBeVisible();
      const problems = await table.evaluate((element) =>
        Array.from(element.querySelectorAll('th, td')).flatMap((cell) => {
          // The column headers a phone's card layout keeps for screen readers only.
          if (cell.closest('thead')?.getBoundingClientRect().width === 1) return [];
          const style = getComputedStyle(cell);
          const small = parseFloat(style.fontSize) < 14 && cell.textContent?.trim() ? [`${cell.textContent} is small`] : [];
          const spills = cell.scrollWidth > cell.clientWidth + 1 ? [`${cell.textContent} spills out`] : [];
          return [...small, ...spills];
        }),
      );
      expect(problems).toEqual([]);
    });
  }
});

test.describe('keyboard focus is visible (WCAG 2.2 focus appearance)', () => {
  /** Tabs until the focused element matches `selector`, then reads the ring drawn around it. */
  async function tabToAndReadRing(page: Page, selector: string) {
    for (let presses = 0; presses < 60; presses += 1) {
      await page.keyboard.press('Tab');
      if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) break;
    }
    return page.evaluate((wanted) => {
      const focused = document.activeElement;
      if (!focused?.matches(wanted)) return null;
      // A field drawn as a box around its input (Fluent's Input, the blog's search) carries the ring on the box.
      const ringed = [focused, focused.parentElement].find(
        (element) => element && getComputedStyle(element).outlineStyle !== 'none',
      );
      if (!ringed) return { width: 0, style: 'none', color: '' };
      const style = getComputedStyle(ringed);
      return { width: parseFloat(style.outlineWidth), style: style.outlineStyle, color: style.outlineColor };
    }, selector);
  }

  for (const width of [390, 1366]) {
    test(`a link and a field on /contact show a ring of at least 2 px at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(PATHS.contact);
      await page.locator('h1').first().waitFor();

      // In tab order the form's fields come first, then the contact details' links.
      const field = await tabToAndReadRing(page, 'main input');
      expect(field).not.toBeNull();
      expect(field?.style).toBe('solid');
      expect(field?.width).toBeGreaterThanOrEqual(2);
      // The theme's focus stroke, black on the page's white: far above 3:1.
      expect(field?.color).toBe('rgb(0, 0, 0)');

      const link = await tabToAndReadRing(page, 'main a[href]');
      expect(link).not.toBeNull();
      expect(link?.style).toBe('solid');
      expect(link?.width).toBeGreaterThanOrEqual(2);
      expect(link?.color).toBe('rgb(0, 0, 0)');
    });
  }
});

test.describe('one page header and one typeface on every public page', () => {
  /** Every public page but the two with heroes of their own (home, affiliates), and a blog post. */
  const HEADED_PAGES = [
    ...PUBLIC_PAGE_PATHS.filter((path) => path !== PATHS.home && path !== PATHS.affiliates),
    '/blog/candidate-experience-best-practices',
  ];

  const tour = sharedPage();
  for (const path of HEADED_PAGES) {
    test(`${path} opens with the centred title on the gradient band, set in Inter`, async () => {
      const page = tour();
      await page.goto(path);
      const title = page.getByRole('main').getByRole('heading', { level: 1 });
      await title.waitFor();
      const look = await title.evaluate(async (heading) => {
        await document.fonts.ready;
        const band = heading.closest('header');
        const style = getComputedStyle(heading);
        return {
          band: band ? getComputedStyle(band).backgroundImage.startsWith('linear-gradient') : false,
          align: band ? getComputedStyle(band).textAlign : '',
          colour: style.color,
          family: style.fontFamily,
          // The self-hosted face itself, downloaded and in use (a missing face would not be in the set at all).
          interLoaded: [...document.fonts].some(
            (face) => face.family.replace(/"/g, '') === 'Inter Variable' && face.status === 'loaded',
          ),
        };
      });
      expect(look).toEqual({
        band: true,
        align: 'center',
        colour: 'rgb(20, 26, 77)',
        family: expect.stringMatching(/^"Inter Variable"/) as unknown as string,
        interLoaded: true,
      });
    });
  }
});
