import type { Locator, Page } from '@playwright/test';

/**
 * Holds the page's requests to `url` (a glob) on their way to the real server until the
 * returned `release` is called: a form stays in its sending state for as long as the test looks.
 * Requests made after the release go straight through.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Whether the keyboard rests inside `container` on something that can take it: not a control
 * disabled under the focus, which the browser is about to drop on the page's body.
 */
export const keyboardRestsIn = (container: Locator) =>
  container.evaluate((element) => {
    const focused = document.activeElement;
    return focused !== null && element.contains(focused) && !focused.matches(':disabled');
  });
