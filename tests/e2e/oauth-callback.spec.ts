import { expect, test, type Page } from '@playwright/test';
import { browseHostedSignIn, pkcePair } from '../support/hosted-browser.ts';
import { startSite, type Site } from './support/site.ts';

/**
 * Login CSRF on social sign-in, tried in Chromium against the real server: an attacker signs
 * in with their own Google account, stops before the code exchange, and plants the callback
 * address (their code, their state) in the victim's browser. The web app must refuse it
 * without exchanging anything, so the victim never works inside the attacker's account.
 * A local OpenID provider (oidc-provider) stands in for Google.
 */
test.describe.configure({ mode: 'serial' });
test.use({ screenshot: 'only-on-failure' });

let site: Site;
let baseUrl: string;
let nextAccount = 'g-attacker';

test.beforeAll(async () => {
  site = await startSite({
    google: {
      accounts: {
        'g-attacker': { email: 'mallory@gmail.example', email_verified: true, given_name: 'Mallory', family_name: 'Attacker' },
        'g-victim': { email: 'victoria@gmail.example', email_verified: true, given_name: 'Victoria', family_name: 'Owner' },
        'g-unverified': { email: 'victoria@gmail.example', email_verified: false },
      },
      nextLogin: () => ({ accountId: nextAccount }),
    },
  });
  baseUrl = site.url;
});
test.afterAll(() => site?.close());

/** The attacker's own, valid callback address: a real sign-in stopped before its code exchange. */
async function attackersCallback(): Promise<URL> {
  nextAccount = 'g-attacker';
  const query = new URLSearchParams({
    identity_provider: 'Google',
    redirect_uri: baseUrl,
    response_type: 'code',
    client_id: 'hireassist-local-client',
    scope: 'openid email profile',
    state: 'attackers-own-state',
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
  });
  const back = await browseHostedSignIn(
    { url: baseUrl, config: { publicUrl: baseUrl } },
    `/cognito/oauth2/authorize?${query}`,
    baseUrl,
  );
  expect(back.searchParams.get('code')).toBeTruthy();
  return back;
}

/** Every request the page makes to the token endpoint. */
function tokenRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/cognito/oauth2/token') seen.push(request.postData() ?? '');
  });
  return seen;
}

const dialog = (page: Page) => page.getByRole('dialog');

test('a planted callback in a tab that started no sign-in is refused, with nothing exchanged', async ({ page }) => {
  const planted = await attackersCallback();
  const exchanges = tokenRequests(page);
  await page.goto(planted.href);
  await expect(dialog(page).getByRole('alert')).toHaveText('OAuth sign-in failed. Please try again.');
  await expect(page.getByRole('button', { name: / account menu$/ })).toHaveCount(0);
  expect(new URL(page.url()).search).toBe('');
  expect(exchanges).toEqual([]);
});

test("a callback whose state is not the one this tab sent is refused, even while the tab's own sign-in is under way", async ({
  page,
}) => {
  const planted = await attackersCallback();
  const exchanges = tokenRequests(page);
  await page.goto(`${baseUrl}/`);
  // The victim starts a Google sign-in; the attacker's callback arrives instead of Google's answer.
  await page.route('**/cognito/oauth2/authorize?**', (route) =>
    route.fulfill({ status: 302, headers: { location: planted.href } }),
  );
  await page.getByRole('button', { name: 'Login' }).click();
  await dialog(page).getByRole('button', { name: 'Google' }).click();
  await expect(dialog(page).getByRole('alert')).toHaveText('OAuth sign-in failed. Please try again.');
  await expect(page.getByRole('button', { name: / account menu$/ })).toHaveCount(0);
  expect(exchanges).toEqual([]);
});

test('the tab’s own sign-in sends state and an S256 challenge, and exchanges its code with the verifier', async ({ page }) => {
  nextAccount = 'g-victim';
  const exchanges = tokenRequests(page);
  const authorizations: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/cognito/oauth2/authorize') authorizations.push(url);
  });
  await page.goto(`${baseUrl}/`);
  await page.getByRole('button', { name: 'Login' }).click();
  await dialog(page).getByRole('button', { name: 'Google' }).click();
  await expect(page.getByRole('button', { name: / account menu$/ })).toHaveAccessibleName('Victoria Owner account menu');
  const [authorize] = authorizations;
  expect(authorize?.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(authorize?.searchParams.get('code_challenge_method')).toBe('S256');
  expect(exchanges).toHaveLength(1);
  expect(new URLSearchParams(exchanges[0]).get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // Nothing of the hosted sign-in is left in the tab.
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  // The session reads the account through the user API (GetUser), which takes only tokens
  // carrying aws.cognito.signin.user.admin: the sign-in asked for it.
  await page.getByRole('button', { name: / account menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByLabel(/^First Name/)).toHaveValue('Victoria');
  await expect(page.getByLabel(/^Email Address/)).toHaveValue('victoria@gmail.example');
});

test('a Google account whose address Google has not verified comes back refused, and the page says so', async ({ page }) => {
  nextAccount = 'g-unverified';
  const exchanges = tokenRequests(page);
  await page.goto(`${baseUrl}/`);
  await page.getByRole('button', { name: 'Login' }).click();
  await dialog(page).getByRole('button', { name: 'Google' }).click();
  await expect(dialog(page).getByRole('alert')).toHaveText('OAuth sign-in failed. Please try again.');
  await expect(page.getByRole('button', { name: / account menu$/ })).toHaveCount(0);
  expect(new URL(page.url()).search).toBe('');
  expect(exchanges).toEqual([]);
});
