import { test as base, expect, type Page } from '@playwright/test';
import { INTERFACE } from '../../src-shared/domain/constants.ts';
import { seriousViolations } from './support/axe.ts';
import { holdRequests } from './support/sending.ts';
import { sharedPage } from './support/shared-page.ts';

/** The public pages of the marketing site, their h1 and texts a visitor must find there. */
const PAGES: { path: string; heading: string; texts: string[] }[] = [
  {
    path: '/',
    heading: 'AI-powered recruiting for employers and HR teams',
    texts: [
      '1 billion+',
      'faster time to hire',
      'See HireAssist in two minutes',
      'Everything you need to hire the right person',
      'Match rating from 1 to 10',
      'From job description to shortlist in five steps',
      'What hiring teams say',
      'Trusted by Industry Leaders',
      'Backed by our hiring guarantee',
    ],
  },
  {
    path: '/features',
    heading: 'Features',
    texts: [
      '1 Billion+ Candidate Profiles',
      'Search active and passive candidates across professional networks',
      'A recruiting firm the business press ranks among the best',
      '50,000',
      '7,000',
      'Why teams choose HireAssist',
    ],
  },
  {
    path: '/how-it-works',
    heading: 'How It Works',
    texts: [
      'Provide job description',
      'AI analysis',
      'Candidate search',
      'Candidate filtering',
      'Jobs posted',
      'How HireAssist compares',
    ],
  },
  {
    path: '/testimonials',
    heading: 'Testimonials',
    texts: [
      'Dana Whitfield',
      'Marcus Oyelaran',
      'Priya Natarajan',
      'Tom Reyes-Hall',
      'illustrative examples created by HireAssist',
    ],
  },
  { path: '/pricing', heading: 'Pricing', texts: ['Sign Up Required', 'Starter', 'Professional', 'Enterprise', 'Contact Sales'] },
  { path: '/careers', heading: 'Jobs', texts: ['Other enquiries', 'careers@hireassist.ai'] },
  { path: '/aboutus', heading: 'About Us', texts: ['40 years', '50,000 placements', 'What we stand for'] },
  { path: '/press', heading: 'Press', texts: ['press releases section is under development', 'info@hireassist.ai'] },
];

/** Third-party pages cannot be reached from here: the video player and job portal are stood in for. */
async function standInThirdParties(page: Page) {
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title><p>Video player</p>' }),
  );
  await page.route('https://careers.hireassist.ai/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Jobs</title><h1>Open positions</h1>' }),
  );
}

/** A test's own page has the stand-ins too (the tours below set them on their shared page). */
const test = base.extend({
  page: async ({ page }, provide) => {
    await standInThirdParties(page);
    await provide(page);
  },
});

/**
 * The home page renders its lower sections as the visitor scrolls towards them (until then it
 * shows their prerendered markup): waits for the live ones, whose carousels have their dots.
 */
async function scrollHomeSections(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.mouse.wheel(0, 1500);
  await expect(page.getByRole('button', { name: /^Show slide / }).first()).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Trusted by Industry Leaders' })).toBeAttached();
}

test.describe('every marketing page shows its content and its own search metadata', () => {
  const tour = sharedPage({ prepare: standInThirdParties });
  for (const { path, heading, texts } of PAGES) {
    test(path, async ({ baseURL }) => {
      const page = tour();
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      if (path === '/') await scrollHomeSections(page);
      for (const text of texts) await expect(page.getByText(text).first()).toBeVisible();

      await expect(page).toHaveTitle(`${heading} | HireAssist`);
      const head = page.locator('head');
      await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${path}`);
      await expect(head.locator('meta[property="og:url"]')).toHaveAttribute('content', `${baseURL}${path}`);
      await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', `${heading} | HireAssist`);
      const description = await head.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length).toBeGreaterThan(60);
      await expect(head.locator('meta[property="og:description"]')).toHaveAttribute('content', description ?? '');
    });
  }
});

test('pages keep their own descriptions', async ({ page }) => {
  const descriptions = new Set<string | null>();
  for (const { path } of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    descriptions.add(await page.locator('meta[name="description"]').getAttribute('content'));
  }
  expect(descriptions.size).toBe(PAGES.length);
});

/** An attribute's or element's text as HTML writes it, read back. */
const unescapeHtml = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_entity, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? '',
  );

test("a crawler or link preview that runs no script reads each page's own title, description and canonical link", async ({
  page,
  request,
  baseURL,
}) => {
  for (const { path, heading } of [...PAGES, { path: '/contact', heading: 'Contact Us' }]) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const all = (pattern: RegExp) => [...head.matchAll(pattern)].map(([, value]) => unescapeHtml(value ?? ''));
    expect(all(/<title>([^<]*)<\/title>/g), path).toEqual([`${heading} | HireAssist`]);
    expect(all(/<link rel="canonical" href="([^"]*)">/g), path).toEqual([`${baseURL}${path}`]);
    expect(all(/<meta property="og:url" content="([^"]*)">/g), path).toEqual([`${baseURL}${path}`]);
    expect(all(/<meta property="og:title" content="([^"]*)">/g), path).toEqual([`${heading} | HireAssist`]);
    // The description the app sets once it runs, and the only one in the HTML.
    await page.goto(path);
    await expect(page).toHaveTitle(`${heading} | HireAssist`);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(all(/<meta name="description" content="([^"]*)">/g), path).toEqual([description]);
    expect(all(/<meta property="og:description" content="([^"]*)">/g), path).toEqual([description]);
  }
  // The same page under a trailing slash names its one address.
  const slashed = await (await request.get('/features/')).text();
  expect(slashed).toContain(`<link rel="canonical" href="${baseURL}/features">`);
});

test('a page opened under a trailing slash keeps naming its one address once the app runs', async ({ page, baseURL }) => {
  await page.goto('/features/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Features');
  await expect(page).toHaveTitle('Features | HireAssist');
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/features`);
  await expect(page.locator('head meta[property="og:url"]')).toHaveAttribute('content', `${baseURL}/features`);
});

test("the first screen of the home page loads none of the lower sections' code until the visitor scrolls", async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Play the HireAssist introduction video' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((script) => script.includes('HomeSections'))).toBe(false);
  // Their prerendered markup is on the page all the same, kept by the app until their code loads.
  await expect(page.getByRole('heading', { name: 'Trusted by Industry Leaders' })).toHaveCount(1);
  await expect(page.locator('[data-home-sections] [aria-roledescription="carousel"]').first()).toBeAttached();
  await expect(page.getByRole('button', { name: /^Show slide / })).toHaveCount(0);
  const sectionsHeight = () => page.locator('[data-home-sections]').evaluate((element) => element.getBoundingClientRect().height);
  const copyHeight = await sectionsHeight();
  await scrollHomeSections(page);
  expect(scripts.some((script) => script.includes('HomeSections'))).toBe(true);
  // The live sections replaced the copy: one of each heading, and nothing below them moved.
  await expect(page.getByRole('heading', { name: 'Trusted by Industry Leaders' })).toHaveCount(1);
  expect(await sectionsHeight()).toBe(copyHeight);
});

test("a keyboard user tabbing into the home page's lower sections before their code arrives stays on the link they reached", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The sections' code held on its way: the keyboard reaches their prerendered copy first.
  const release = await holdRequests(page, '**/assets/HomeSections-*.js');
  await page.goto('/');
  await page.getByRole('button', { name: 'Play the HireAssist introduction video' }).focus();
  await page.keyboard.press('Tab');
  const explore = page.getByRole('link', { name: 'Explore all features' });
  await expect(explore).toBeFocused();
  release();
  // The live sections replace the copy; the keyboard is on the same link in them, not dropped on the page's body.
  await expect(page.getByRole('button', { name: /^Show slide / }).first()).toBeAttached();
  await expect(explore).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Schedule a Demo' }).first()).toBeFocused();
});

test("the home page's lower sections failing to load (a dropped connection) leave the page as the build wrote it", async ({
  page,
}) => {
  await page.route('**/assets/HomeSections-*.js', (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const failed = page.waitForEvent('requestfailed', (request) => /\/HomeSections-[^/]*\.js$/.test(request.url()));
  await page.mouse.wheel(0, 1500);
  await failed;
  // The failure reaches React a moment after the request fails; the page must still be there after it.
  await page.waitForTimeout(1000);
  await expect(page.getByText('Oops! Something went wrong')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Trusted by Industry Leaders' })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows every section, as crawlers read it', async ({ page }) => {
    await page.goto('/');
    // Its headings and texts: the hero's and those of each lower section, prerendered by the build.
    const home = PAGES.find(({ path }) => path === '/');
    for (const text of [home?.heading ?? '', ...(home?.texts ?? [])]) {
      await expect(page.getByText(text).first(), text).toBeVisible();
    }
  });
});

test('the home page describes the company to search engines (Organization JSON-LD)', async ({ page, baseURL }) => {
  await page.goto('/');
  const json = await page.locator('script[type="application/ld+json"]').textContent();
  const data = JSON.parse(json ?? '{}') as Record<string, unknown>;
  expect(data).toMatchObject({ '@context': 'https://schema.org', '@type': 'Organization', name: 'HireAssist', url: baseURL });
  expect(data.address).toMatchObject({ addressLocality: 'Tampa', addressRegion: 'FL' });
});

test('Get Started opens the sign-up dialog', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByRole('dialog')).toContainText('Create Account');
});

test('the intro video is a poster until clicked, then the configured player, autoplaying', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('iframe')).toHaveCount(0);
  await page.getByRole('button', { name: 'Play the HireAssist introduction video' }).click();
  const player = page.locator('iframe[title="HireAssist introduction video"]');
  await expect(player).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/[^?]+\?autoplay=1$/);
  await expect(player).toHaveAttribute('allow', /autoplay/);
  await expect(player.contentFrame().getByText('Video player')).toBeVisible();
});

for (const path of ['/', '/how-it-works']) {
  test(`'Schedule a Demo' on ${path} arrives at /contact with the subject 'Demo Request'`, async ({ page }) => {
    await page.goto(path);
    if (path === '/') await scrollHomeSections(page);
    await page.getByRole('link', { name: 'Schedule a Demo' }).first().click();
    await expect(page).toHaveURL(/\/contact$/);
    // React Router keeps navigation state in the history entry, under `usr`.
    expect(await page.evaluate(() => (window.history.state as { usr?: unknown } | null)?.usr)).toEqual({
      subject: 'Demo Request',
    });
  });
}

test('the logos bar shows a client’s name when its logo cannot be loaded', async ({ page }) => {
  await page.route('**/images/marketing/logos/northcrest-health.svg', (route) => route.abort());
  await page.goto('/');
  await scrollHomeSections(page);
  const clients = page.getByRole('list', { name: 'Our clients' });
  await clients.scrollIntoViewIfNeeded();
  await expect(clients.getByText('Northcrest Health', { exact: true })).toBeVisible();
  await expect(clients.getByRole('img', { name: 'Northcrest Health' })).toHaveCount(0);
  await expect(clients.getByRole('img', { name: 'Brightwater Logistics' })).toBeVisible();
  expect(await clients.getByRole('listitem').count()).toBe(20);
});

/** Slides whose middle lies inside the carousel's visible area. */
async function slidesInView(page: Page, label: string): Promise<number> {
  const carousel = page.getByRole('region', { name: label });
  await carousel.scrollIntoViewIfNeeded();
  return carousel.evaluate((root) => {
    const box = root.getBoundingClientRect();
    return [...root.querySelectorAll('[aria-roledescription="slide"]')].filter((slide) => {
      const rect = slide.getBoundingClientRect();
      const middle = rect.left + rect.width / 2;
      return middle > box.left && middle < box.right;
    }).length;
  });
}

test.describe('for visitors who have not asked for reduced motion', () => {
  test.use({ contextOptions: { reducedMotion: 'no-preference' } });

  test('a carousel advances on its own, and stays put while a keyboard user is on its dots', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await scrollHomeSections(page);
    const features = page.getByRole('region', { name: 'Key features' });
    const dot = (n: number) => features.getByRole('button', { name: `Show slide ${n} of 6` });
    await expect(dot(1)).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(INTERFACE.featuresCarousel.autoplayMs + 100);
    await expect(dot(2)).toHaveAttribute('aria-current', 'true');
    // A keyboard user reaches the dots and picks the fourth: it stays while they are there.
    await dot(2).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(dot(4)).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(3 * INTERFACE.featuresCarousel.autoplayMs);
    await expect(dot(4)).toBeFocused();
    await expect(dot(4)).toHaveAttribute('aria-current', 'true');
    // Leaving the carousel (back over the dots and its Pause button), they let it move on again.
    for (let step = 0; step < 5; step++) await page.keyboard.press('Shift+Tab');
    await expect(features.locator(':focus')).toHaveCount(0);
    await page.clock.runFor(INTERFACE.featuresCarousel.autoplayMs + 100);
    await expect(dot(4)).not.toHaveAttribute('aria-current', 'true');
  });

  test('each carousel has a pause button that a keyboard reaches, and its pause lasts until Play is pressed', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/');
    await scrollHomeSections(page);
    const features = page.getByRole('region', { name: 'Key features' });
    const dot = (n: number) => features.getByRole('button', { name: `Show slide ${n} of 6` });
    for (const label of ['Key features', 'Testimonials']) {
      await expect(page.getByRole('region', { name: label }).getByRole('button', { name: 'Pause slides' })).toBeVisible();
    }
    // Tab from the last element before the carousel reaches its pause button first, ahead of the dots.
    await page.getByRole('heading', { name: 'Everything you need to hire the right person' }).click();
    await page.keyboard.press('Tab');
    await expect(features.getByRole('button', { name: 'Pause slides' })).toBeFocused();
    await page.keyboard.press('Enter');
    const play = features.getByRole('button', { name: 'Play slides' });
    await expect(play).toBeFocused();
    // Focus and pointer come and go: a tick that would have moved it leaves it where it was.
    await page.keyboard.press('Shift+Tab');
    await features.getByRole('group', { name: '1 of 6' }).hover();
    await page.mouse.move(0, 0);
    await expect(features.locator(':focus')).toHaveCount(0);
    await page.clock.runFor(INTERFACE.featuresCarousel.autoplayMs + 100);
    await expect(dot(1)).toHaveAttribute('aria-current', 'true');
    // Play starts it again, at once, even with focus still on the button.
    await play.focus();
    await page.keyboard.press('Enter');
    await expect(features.getByRole('button', { name: 'Pause slides' })).toBeFocused();
    await page.clock.runFor(INTERFACE.featuresCarousel.autoplayMs + 100);
    await expect(dot(2)).toHaveAttribute('aria-current', 'true');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('the carousels show 3 features and 2 testimonials on a wide screen', async ({ page }) => {
  await page.goto('/');
  await scrollHomeSections(page);
  expect(await slidesInView(page, 'Key features')).toBe(3);
  expect(await slidesInView(page, 'Testimonials')).toBe(2);
  // This visitor asked for reduced motion: nothing moves by itself, so there is nothing to pause.
  await expect(page.getByRole('button', { name: 'Pause slides' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show slide 3 of 6' }).click();
  await expect(page.getByRole('button', { name: 'Show slide 3 of 6' })).toHaveAttribute('aria-current', 'true');
});

test('signed-out visitors find the plans locked about a second after load, and a fixed Sign Up button', async ({ page }) => {
  // The page's clock moves only when told to, so a slow machine cannot pass the second before
  // the first look (the lock came on before the test saw it open, once, on two busy cores).
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.goto('/pricing');
  const table = page.locator('[data-locked]');
  await expect(table).toHaveAttribute('data-locked', 'false');
  await page.clock.runFor(INTERFACE.pricingTableEnableDelayMs - 100);
  await expect(table).toHaveAttribute('data-locked', 'false');
  await page.clock.runFor(100);
  await expect(table).toHaveAttribute('data-locked', 'true');
  await page.clock.resume();
  await expect(table).toHaveCSS('opacity', '0.6');
  await expect(table).toHaveCSS('pointer-events', 'none');
  const fixed = page.getByRole('button', { name: 'Sign Up' }).last();
  await expect(fixed).toHaveCSS('position', 'fixed');
  await fixed.click();
  await expect(page.getByRole('dialog')).toContainText('Create Account');
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Contact Sales' }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

/** The names Chromium gives assistive technology for the page: what a screen reader can read out. */
async function namesReadOut(page: Page): Promise<{ role: string; name: string; disabled: boolean }[]> {
  const cdp = await page.context().newCDPSession(page);
  type AXNode = {
    ignored: boolean;
    role?: { value: string };
    name?: { value: string };
    properties?: { name: string; value: { value: unknown } }[];
  };
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
  await cdp.detach();
  return nodes
    .filter((node) => !node.ignored && node.name?.value)
    .map((node) => ({
      role: node.role?.value ?? '',
      name: node.name?.value ?? '',
      disabled: node.properties?.some((p) => p.name === 'disabled' && p.value.value === true) ?? false,
    }));
}

test('a screen reader still reads the locked plans and their prices, and hears their buttons as unavailable', async ({
  page,
}) => {
  await page.goto('/pricing');
  const table = page.locator('[data-locked]');
  await expect(table).toHaveAttribute('data-locked', 'true', { timeout: 3000 });
  const readOut = await namesReadOut(page);
  const named = (role: string, name: string) => readOut.find((node) => node.role === role && node.name === name);
  // What a sighted visitor sees dimmed, a screen reader user hears: the plans, their prices, and why they cannot be chosen.
  expect(named('group', 'Plans (sign up to choose a plan)')).toBeTruthy();
  expect(named('heading', 'Professional')).toBeTruthy();
  expect(readOut.some((node) => node.name.includes('$499'))).toBe(true);
  expect(named('button', 'Choose Professional')?.disabled).toBe(true);
  // Still nothing to click or reach with Tab.
  await expect(page.getByRole('button', { name: 'Choose Professional' })).toBeDisabled();
});

test('the Jobs page embeds the job portal 800 px tall, with the careers email', async ({ page }) => {
  await page.goto('/careers');
  const portal = page.locator('iframe[title="HireAssist job portal: open positions"]');
  await expect(portal).toHaveAttribute('src', 'https://careers.hireassist.ai/jobs');
  expect((await portal.boundingBox())?.height).toBe(800);
  await expect(portal.contentFrame().getByRole('heading', { name: 'Open positions' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'careers@hireassist.ai' })).toHaveAttribute('href', 'mailto:careers@hireassist.ai');
});

test('robots.txt and sitemap.xml are served from the public URL', async ({ request, baseURL }) => {
  expect(await (await request.get('/robots.txt')).text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(await (await request.get('/sitemap.xml')).text()).toContain(`<loc>${baseURL}/how-it-works</loc>`);
});

test("in forced colours (Windows' contrast themes) a carousel's dots still show, the current one apart", async ({ page }) => {
  await page.emulateMedia({ forcedColors: 'active' });
  await page.goto('/');
  await scrollHomeSections(page);
  const dots = page.getByRole('button', { name: /^Show slide / });
  await expect(dots.first()).toBeVisible();
  // Each dot is drawn by its ::after; the theme paints every background as the page's own unless told otherwise.
  const colours = await dots.evaluateAll((buttons) =>
    buttons.map((button) => getComputedStyle(button, '::after').backgroundColor),
  );
  const page_ = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(
    colours.filter((colour) => colour === page_),
    `page ${page_}, dots ${colours.join(' ')}`,
  ).toEqual([]);
  const current = await page
    .locator('[aria-label^="Show slide"][aria-current="true"]')
    .first()
    .evaluate((button) => getComputedStyle(button, '::after').backgroundColor);
  const others = await page
    .locator('[aria-label^="Show slide"][aria-current="false"]')
    .first()
    .evaluate((button) => getComputedStyle(button, '::after').backgroundColor);
  expect(current).not.toBe(others);
});

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the carousels show one slide at a time', async ({ page }) => {
    await page.goto('/');
    await scrollHomeSections(page);
    expect(await slidesInView(page, 'Key features')).toBe(1);
    expect(await slidesInView(page, 'Testimonials')).toBe(1);
  });

  test("every line of the home page's section headings and introductions keeps 16 px from the screen's edges", async ({
    page,
  }) => {
    await page.goto('/');
    await scrollHomeSections(page);
    const touching = await page.getByRole('main').evaluate((main) => {
      const width = document.documentElement.clientWidth;
      return Array.from(main.querySelectorAll('section > h2, section > h2 + p, section > div > h2, section > div > h2 + p'))
        .filter((text) => {
          const range = document.createRange();
          range.selectNodeContents(text);
          return Array.from(range.getClientRects()).some((line) => line.left < 16 || line.right > width - 16);
        })
        .map((text) => text.textContent);
    });
    expect(touching).toEqual([]);
  });

  test('the figures of a row of stats stand on one line, whether their captions take one line or two', async ({ page }) => {
    for (const path of ['/', '/features']) {
      await page.goto(path);
      // Each figure's top, grouped by the row it sits in (a figure lower by less than its own height is in the same row).
      const rows = await page.getByRole('main').evaluate((main) => {
        const tops: number[][] = [];
        for (const list of Array.from(main.querySelectorAll('dl'))) {
          const figures = Array.from(list.querySelectorAll('dd')).map((figure) => figure.getBoundingClientRect());
          for (const figure of figures) {
            const row = tops.find((candidate) => Math.abs((candidate[0] ?? 0) - figure.top) < figure.height);
            if (row) row.push(Math.round(figure.top));
            else tops.push([Math.round(figure.top)]);
          }
        }
        return tops;
      });
      expect(rows.length, path).toBeGreaterThan(0);
      for (const row of rows) expect(new Set(row).size, `${path}: ${row.join(', ')}`).toBe(1);
    }
  });

  test('How It Works becomes a vertical stepper', async ({ page }) => {
    await page.goto('/how-it-works');
    const steps = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
    await expect(steps).toHaveCount(5);
    const boxes = await Promise.all([0, 1, 2, 3, 4].map(async (index) => steps.nth(index).boundingBox()));
    for (let index = 1; index < boxes.length; index++) {
      expect(boxes[index]?.x).toBe(boxes[0]?.x);
      expect(boxes[index]?.y ?? 0).toBeGreaterThan(boxes[index - 1]?.y ?? 0);
    }
  });
});

test.describe('accessibility (axe): no serious or critical violations', () => {
  const tour = sharedPage({ prepare: standInThirdParties });
  for (const width of [1280, 375]) {
    for (const { path } of PAGES) {
      test(`${path} at ${width} px`, async () => {
        const page = tour();
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (path === '/') await scrollHomeSections(page);
        const locked = '[data-locked="true"]';
        if (path === '/pricing') await expect(page.locator(locked)).toBeAttached({ timeout: 3000 });
        expect(await seriousViolations(page, path === '/pricing' ? { dimmed: locked } : {})).toEqual([]);
      });
    }
  }
});
