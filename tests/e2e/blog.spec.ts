import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { BlogPostList } from '../../src-shared/domain/blog-post.ts';
import { addOlderPosts } from '../support/older-posts.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { WEB_DIST_DIR } from './support/web-build.ts';

const cards = (page: Page) => page.getByRole('main').getByRole('article');

test('browse, search, filter, paginate, open a post and go back', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await expect(cards(page)).toHaveCount(9);

  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  const secondPage = await cards(page).count();
  expect(secondPage).toBeGreaterThanOrEqual(5);

  await page.getByRole('searchbox', { name: 'Search posts' }).fill('RUBRIC');
  await expect(page.getByRole('button', { name: 'Page 2' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: 'A Practical Guide to Structured Interviews' })).toBeVisible();
  await expect(cards(page)).toHaveCount(2);

  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(cards(page)).toHaveCount(9);
  await page.getByRole('combobox', { name: 'Keyword' }).selectOption('remote hiring');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('A Remote Hiring Checklist for Distributed Teams');

  await cards(page)
    .first()
    .getByRole('link', { name: 'Read More: A Remote Hiring Checklist for Distributed Teams', exact: true })
    .click();
  await expect(page).toHaveURL(/\/blog\/remote-hiring-checklist$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('A Remote Hiring Checklist for Distributed Teams');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Home');
  await expect(page.getByRole('heading', { level: 2, name: 'Onboarding' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'A laptop showing a video call with a globe behind it' })).toBeVisible();
  await expect(page).toHaveTitle('Remote Hiring Checklist for Employers | HireAssist');
  // The app sets the tags the server wrote for the post it served first: one of each, never two.
  for (const tag of ['meta[name="description"]', 'link[rel="canonical"]', 'meta[property="og:title"]', 'title']) {
    await expect(page.locator(`head ${tag}`), tag).toHaveCount(1);
  }

  await page.getByRole('link', { name: 'Back to Blog' }).click();
  await expect(page).toHaveURL(/\/blog\?keyword=remote\+hiring$/);
  await expect(cards(page)).toHaveCount(1);
});

test('the list page is in the address: Back from a post returns to page 2, and /blog?page=2 opens on it', async ({ page }) => {
  await page.goto('/blog');
  await expect(cards(page)).toHaveCount(9);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/blog\?page=2$/);
  await expect(page.getByRole('region', { name: /^Blog posts, page 2 of/ })).toBeFocused();
  const secondPageFirst = (await cards(page).first().getByRole('heading', { level: 2 }).textContent()) ?? '';
  await cards(page)
    .first()
    .getByRole('link', { name: `Read More: ${secondPageFirst}`, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(secondPageFirst);
  await page.goBack();
  await expect(page).toHaveURL(/\/blog\?page=2$/);
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(cards(page).first()).toContainText(secondPageFirst);

  await page.goto('/blog?page=2');
  await expect(cards(page).first()).toContainText(secondPageFirst);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', /\/blog\?page=2$/);
  await page.goto('/blog?page=99');
  await expect(page).toHaveURL(/\/blog\?page=2$/);
});

test("the list's search, keyword and page are in the address: Back, Back to Blog, the breadcrumb, a reload and a shared link return to that list", async ({
  page,
  browser,
}) => {
  await page.goto('/blog');
  await expect(cards(page)).toHaveCount(9);
  const search = page.getByRole('searchbox', { name: 'Search posts' });
  await search.fill('candidate');
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  const firstTitle = (await cards(page).first().getByRole('heading', { level: 2 }).textContent()) ?? '';
  const listAddress = page.url();
  /** What the reader sees of the list they left: the search typed, page 2, the same first post. */
  const expectTheSameList = async (on: Page) => {
    await expect(on.getByRole('searchbox', { name: 'Search posts' })).toHaveValue('candidate');
    await expect(on.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(cards(on).first()).toContainText(firstTitle);
  };
  const openFirstPost = async () => {
    await cards(page).first().getByRole('link', { name: firstTitle, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstTitle);
  };
  const ways: [string, () => Promise<void>][] = [
    ['browser Back', () => page.goBack().then(() => undefined)],
    ['Back to Blog', () => page.getByRole('link', { name: 'Back to Blog' }).click()],
    ['the breadcrumb', () => page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Blog' }).click()],
  ];
  for (const [way, goBack] of ways) {
    await test.step(way, async () => {
      await openFirstPost();
      await goBack();
      await expectTheSameList(page);
    });
  }
  await page.reload();
  await expectTheSameList(page);
  const shared = await browser.newPage();
  await shared.goto(listAddress);
  await expectTheSameList(shared);
  await shared.close();

  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await page.getByRole('combobox', { name: 'Keyword' }).selectOption('remote hiring');
  await expect(cards(page)).toHaveCount(1);
  await cards(page).first().getByRole('link', { name: 'A Remote Hiring Checklist for Distributed Teams', exact: true }).click();
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Blog' }).click();
  await expect(page.getByRole('combobox', { name: 'Keyword' })).toHaveValue('remote hiring');
  await expect(cards(page)).toHaveCount(1);
});

test('Back between two lists of the blog shows the search of the list returned to, in the search box too', async ({ page }) => {
  await page.goto('/blog?q=candidate');
  const search = page.getByRole('searchbox', { name: 'Search posts' });
  await expect(search).toHaveValue('candidate');
  await page.getByRole('button', { name: 'Page 2' }).click();
  await search.fill('checklist');
  await expect(page).toHaveURL(/\/blog\?q=checklist$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/blog\?q=candidate$/);
  await expect(search).toHaveValue('candidate');
  await expect(page.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(cards(page)).toHaveCount(9);
});

test("on a phone, the pager's Next page takes the keyboard and the view to the top of the new page's posts", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/blog');
  await expect(cards(page)).toHaveCount(9);
  const next = page.getByRole('button', { name: 'Next page' });
  await next.focus();
  await expect(next).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: /^Blog posts, page 2 of/ })).toBeFocused();
  // The reader sees where the keyboard now is: the new page's first post, not the pager nine cards below.
  await expect(cards(page).first().getByRole('heading', { level: 2 })).toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(cards(page).first().getByRole('link').first()).toBeFocused();
});

test('Back to Blog returns to the list page the reader came from, on the post they read; from a direct visit, to /blog', async ({
  page,
}) => {
  await page.goto('/blog?page=2');
  await expect(cards(page).first()).toBeVisible();
  const title = (await cards(page).nth(1).getByRole('heading', { level: 2 }).textContent()) ?? '';
  await cards(page)
    .nth(1)
    .getByRole('link', { name: `Read More: ${title}`, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await page.getByRole('link', { name: 'Back to Blog' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/blog\?page=2$/);
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  // The keyboard goes on from the post just read, not from the top of the page.
  await expect(cards(page).nth(1).getByRole('link', { name: title, exact: true })).toBeFocused();

  const path = new URL(page.url()).origin;
  await page.goto(`${path}/blog/remote-hiring-checklist`);
  await page.getByRole('link', { name: 'Back to Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test('a post opened in a new tab from a searched or paged list goes Back to Blog to that list, after a reload too', async ({
  page,
  context,
}) => {
  for (const list of ['/blog?page=2', '/blog?q=candidate&page=2']) {
    await page.goto(list);
    await expect(cards(page).first()).toBeVisible();
    const title = (await cards(page).nth(1).getByRole('heading', { level: 2 }).textContent()) ?? '';
    const opened = context.waitForEvent('page');
    await cards(page)
      .nth(1)
      .getByRole('link', { name: title, exact: true })
      .click({ modifiers: ['ControlOrMeta'] });
    const tab = await opened;
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(title);
    const back = tab.getByRole('link', { name: 'Back to Blog' });
    await expect(back).toHaveAttribute('href', list);
    await expect(tab.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Blog' })).toHaveAttribute(
      'href',
      list,
    );
    await tab.reload();
    await expect(back).toHaveAttribute('href', list);
    await back.click();
    await expect(tab).toHaveURL(new RegExp(`${list.replace(/[?]/g, '\\?')}$`));
    await expect(tab.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(cards(tab).nth(1).getByRole('link', { name: title, exact: true })).toBeFocused();
    await tab.close();
  }
});

test("a post's Back to Blog arrow lines up with the breadcrumb, the picture and the text, on a phone and a desktop", async ({
  page,
}) => {
  await page.goto('/blog/structured-interviews-guide');
  const back = page.getByRole('link', { name: 'Back to Blog' });
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  const picture = page.getByRole('main').getByRole('img', { name: /speech bubbles/ });
  const bodyHeading = page.getByRole('heading', { level: 2, name: 'Step 1: List the competencies' });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(back).toBeVisible();
    const left = async (box: Promise<{ x: number } | null>) => Math.round((await box)?.x ?? -1);
    const edge = await left(crumbs.boundingBox());
    expect({ width, arrow: await left(back.locator('svg').boundingBox()) }).toEqual({ width, arrow: edge });
    expect({ width, picture: await left(picture.boundingBox()) }).toEqual({ width, picture: edge });
    expect({ width, text: await left(bodyHeading.boundingBox()) }).toEqual({ width, text: edge });
  }
});

test('an unknown post shows Post Not Found, with a 404 status', async ({ page }) => {
  const response = await page.goto('/blog/no-such-article');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Post Not Found' })).toBeVisible();
  await expect(page.getByText('The blog post you are looking for does not exist.')).toBeVisible();
});

test('the list and a post have no accessibility violations', async ({ page }) => {
  for (const path of ['/blog', '/blog/structured-interviews-guide']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/Loading/)).toBeHidden();
    const { violations } = await new AxeBuilder({ page }).include('main').analyze();
    expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  }
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test("a post's first paint puts the Back to Blog arrow where the app's page puts it: on the breadcrumb's left edge", async ({
    page,
  }) => {
    await page.goto('/blog/structured-interviews-guide');
    const left = async (selector: string) => Math.round((await page.locator(selector).boundingBox())?.x ?? -1);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      expect({ width, arrow: await left('.fp-back svg') }).toEqual({ width, arrow: await left('.fp-crumbs') });
    }
  });

  test("a post's static HTML page shows the article and carries its meta tags", async ({ page, baseURL }) => {
    const response = await page.goto('/blog/structured-interviews-guide.html');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('A Practical Guide to Structured Interviews');
    await expect(page.getByRole('heading', { level: 2, name: 'Step 1: List the competencies' })).toBeVisible();
    await expect(page.getByRole('img', { name: /speech bubbles/ })).toBeVisible();
    await expect(page).toHaveTitle('Structured Interviews: A Practical Guide for Hiring Managers | HireAssist');
    const head = page.locator('head');
    await expect(head.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /structured interviews with consistent questions/,
    );
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/blog/structured-interviews-guide`);
    await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', /Structured Interviews/);
    await expect(head.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      `${baseURL}/blog/images/structured-interviews.svg`,
    );
    await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    const jsonLd = JSON.parse((await head.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Record<
      string,
      unknown
    >;
    expect(jsonLd).toMatchObject({ '@type': 'BlogPosting', headline: 'A Practical Guide to Structured Interviews' });
  });

  test("a post's page in the app carries its title, description, canonical link and Open Graph tags", async ({
    page,
    baseURL,
  }) => {
    const response = await page.goto('/blog/structured-interviews-guide');
    expect(response?.status()).toBe(200);
    const title = 'Structured Interviews: A Practical Guide for Hiring Managers | HireAssist';
    await expect(page).toHaveTitle(title);
    const head = page.locator('head');
    await expect(head.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /^Learn how to design structured interviews/,
    );
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/blog/structured-interviews-guide`);
    await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
    await expect(head.locator('meta[property="og:url"]')).toHaveAttribute(
      'content',
      `${baseURL}/blog/structured-interviews-guide`,
    );
    await expect(head.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(head.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      `${baseURL}/blog/images/structured-interviews.svg`,
    );
  });
});

test('admin mode on a post: a footer click shows the tools; the panel logs in and generates every static page', async ({
  page,
}) => {
  await page.goto('/blog/skills-based-hiring');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Skills-Based Hiring - Looking Past the Degree');
  await page.getByRole('contentinfo').getByText('AI-assisted recruiting', { exact: false }).click();
  const tools = page.getByRole('complementary', { name: 'Blog admin tools' });
  await expect(tools.getByRole('link', { name: 'View HTML' })).toHaveAttribute('href', '/blog/skills-based-hiring.html');

  await tools.getByLabel('Admin password').fill(process.env.E2E_ADMIN_PASSWORD ?? '');
  await tools.getByRole('button', { name: 'Log in' }).click();
  await tools.getByRole('button', { name: 'Generate All HTML' }).click();
  await expect(tools.getByRole('alert')).toHaveText(/HTML generation finished: \d+ succeeded, 0 failed\./);
  await expect(tools.getByText('HTML Generated')).toBeVisible();
  expect(await (await page.request.get('/api/check-html/skills-based-hiring')).json()).toEqual({ exists: true });
});

test("the blog admin tools' code failing to load leaves the post alone, says so, and Try again shows them", async ({ page }) => {
  const failure = 'The blog admin tools could not be loaded. Check your connection and try again.';
  const code = '**/assets/PostAdminTools-*.js';
  await page.goto('/blog/skills-based-hiring');
  await page.route(code, (route) => route.abort('internetdisconnected'));
  await page.getByRole('contentinfo').getByText('AI-assisted recruiting', { exact: false }).click();
  const notice = page.getByRole('alert').filter({ hasText: failure });
  await expect(notice).toBeVisible();
  await expect(page.getByText('Oops! Something went wrong')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Skills-Based Hiring - Looking Past the Degree');

  await page.unroute(code);
  await notice.getByRole('button', { name: 'Try again' }).click();
  const tools = page.getByRole('complementary', { name: 'Blog admin tools' });
  await expect(tools.getByRole('link', { name: 'View HTML' })).toHaveAttribute('href', '/blog/skills-based-hiring.html');
  await expect(notice).toBeHidden();
});

test('the static pages panel with the keyboard: "Generate All HTML" keeps the focus while it works', async ({ page }) => {
  await page.goto('/blog/skills-based-hiring');
  await page.getByRole('contentinfo').getByText('AI-assisted recruiting', { exact: false }).click();
  const tools = page.getByRole('complementary', { name: 'Blog admin tools' });
  await tools.getByLabel('Admin password').fill(process.env.E2E_ADMIN_PASSWORD ?? '');
  await page.keyboard.press('Enter');
  const generateAll = tools.getByRole('button', { name: 'Generate All HTML' });
  await generateAll.focus();
  await page.keyboard.press('Enter');
  await expect(tools.getByRole('alert')).toHaveText(/HTML generation finished: \d+ succeeded, 0 failed\./);
  // Busy while it worked, not disabled under the focus: the focus never fell to the page's body.
  await expect(generateAll).toBeFocused();
  const generateOne = tools.getByRole('button', { name: /^Generate HTML for / }).first();
  await generateOne.focus();
  await page.keyboard.press('Enter');
  await expect(tools.getByRole('alert')).toHaveText(/^HTML generated for /);
  await expect(generateOne).toBeFocused();
});

test.describe('a blog of 120 posts more than the list request of 50 holds', () => {
  let server: TestServer;
  let total: number;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // Posts are added after the server started: no short cache of the lists.
    server = await startTestServer({ env: { BLOG_CACHE_TTL_SECONDS: '0' }, webDistDir: WEB_DIST_DIR });
    await addOlderPosts(server.app.database.db, 'archive-post', 120, 'day');
    const list = (await (await server.fetch('/api/storychief/stories?per_page=1')).json()) as BlogPostList;
    total = list.meta.pagination.total;
  });
  test.afterAll(() => server.close());

  test('the visitor pages to the oldest post and opens it, and finds the 100th-newest post by its title', async ({ page }) => {
    await page.goto(`${server.url}/blog`);
    const pages = Math.ceil(total / 9);
    await page.getByRole('button', { name: `Page ${pages}`, exact: true }).click();
    await expect(page.getByRole('region', { name: `Blog posts, page ${pages} of ${pages}` })).toBeVisible();
    await expect(cards(page).last()).toContainText('Older post 120');
    await cards(page).last().getByRole('link', { name: 'Read More: Older post 120', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Older post 120');

    await page.goto(`${server.url}/blog`);
    const hundredth = `Older post ${100 - (total - 120)}`;
    await page.getByRole('searchbox', { name: 'Search posts' }).fill(hundredth);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText(hundredth);
    await expect(page.getByRole('navigation', { name: 'Blog pages' })).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search posts' }).fill('older post 1');
    await expect(page.getByRole('region', { name: 'Blog posts, page 1 of 4' })).toBeVisible();
  });
});
