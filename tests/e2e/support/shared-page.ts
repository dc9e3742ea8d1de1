import { test, type Page, type ViewportSize } from '@playwright/test';

/**
 * One page for each worker running a describe block's tests, for tours that only visit pages
 * and read them (every route, every page's headings, axe on every page). A test's own `page`
 * costs a new browser context and a new renderer process: about 1.7 s of a 2.4 s visit on
 * these two-core machines, against 0.7 s for the same visit on a page kept open. Each test
 * still navigates afresh, so nothing of one page's script state reaches the next; what the
 * context keeps (cookies, storage) is cleared before each test.
 * Call it inside `test.describe`; use the returned function inside the tests, and do not ask
 * for the `page` fixture there, which would start a page of its own.
 */
export function sharedPage(options: { viewport?: ViewportSize; prepare?: (page: Page) => Promise<void> } = {}): () => Page {
  let page: Page | undefined;
  test.beforeAll(async ({ browser }, testInfo) => {
    const { baseURL, viewport, contextOptions } = testInfo.project.use;
    const context = await browser.newContext({ ...contextOptions, baseURL, viewport: options.viewport ?? viewport });
    page = await context.newPage();
    await options.prepare?.(page);
  });
  test.beforeEach(async () => {
    if (!page) return;
    await page.context().clearCookies();
    if (page.url().startsWith('http')) await page.evaluate(() => (localStorage.clear(), sessionStorage.clear()));
  });
  test.afterAll(async () => {
    await page?.context().close();
  });
  return () => {
    if (!page) throw new Error('sharedPage() is used outside the describe block that declared it');
    return page;
  };
}
