import type { Server } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import { expect, test, type Page } from '@playwright/test';
import type * as AmplifyAuth from 'aws-amplify/auth';
import { freePort } from '../support/free-port.ts';
import { poolUser, startForeignApp } from './support/foreign-app.ts';
import { startHttpsFront } from './support/https-front.ts';
import { startSite, type Site } from './support/site.ts';

/**
 * Amplify v6's signInWithRedirect against the pool's own sign-in page, as an app uses Cognito's
 * managed login: the pool behind HTTPS (Amplify calls its domain over https only, so the site's
 * PUBLIC_URL is the HTTPS front's), the app on another origin. Amplify builds the request
 * (PKCE, state), the user signs in on the page, Amplify's listener exchanges the code at the
 * app's callback, and its sign-out goes through /logout, which forgets the browser.
 */
test.describe.configure({ mode: 'serial' });
test.use({ ignoreHTTPSErrors: true });

let site: Site;
let front: HttpsServer;
let app: Server;
let poolUrl: string;
let appOrigin: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const [frontPort, appPort] = [await freePort(), await freePort()];
  poolUrl = `https://127.0.0.1:${frontPort}`;
  appOrigin = `http://localhost:${appPort}`;
  let sitePort = 0;
  front = await startHttpsFront(frontPort, () => sitePort);
  app = await startForeignApp(appPort);
  site = await startSite({
    env: { PUBLIC_URL: poolUrl, IDENTITY_ALLOWED_REDIRECT_URIS: `${appOrigin}/callback,${appOrigin}/` },
  });
  sitePort = Number(new URL(site.url).port);
});
test.afterAll(async () => {
  await site?.close();
  await new Promise((resolve) => front?.close(resolve));
  await new Promise((resolve) => app?.close(resolve));
});

/** The app's page (support/amplify-app.ts). */
declare const amplify: { configureManagedLogin(settings: { domain: string; appOrigin: string }): void } & Pick<
  typeof AmplifyAuth,
  'signInWithRedirect' | 'signOut' | 'fetchAuthSession'
>;

/** The app's sign-in button: Amplify sends the browser to the pool, which shows its sign-in page. */
async function startSignIn(page: Page, settings: { domain: string; appOrigin: string }) {
  // Started, not awaited: the page navigates away while it runs.
  await page.evaluate((given) => {
    amplify.configureManagedLogin(given);
    void amplify.signInWithRedirect();
  }, settings);
  await page.waitForURL(`${poolUrl}/cognito/login?**`);
}

test('signInWithRedirect: the pool’s sign-in page, the code exchanged by Amplify at the callback, sign-out through /logout', async ({
  page,
}) => {
  await poolUser(site, 'managed.person@example.com', 'Correct-Horse-9');
  const settings = { domain: `${new URL(poolUrl).host}/cognito`, appOrigin };
  await page.goto(`${appOrigin}/`);
  await startSignIn(page, settings);
  await page.getByLabel('Email').fill('managed.person@example.com');
  await page.getByLabel('Password').fill('Correct-Horse-9');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await page.waitForURL(`${appOrigin}/callback?**`);
  const signedIn = await page.evaluate(async (given) => {
    amplify.configureManagedLogin(given);
    // Waits for the listener's exchange of the code in the address.
    const session = await amplify.fetchAuthSession();
    return { email: session.tokens?.idToken?.payload.email, address: window.location.href };
  }, settings);
  expect(signedIn.email).toBe('managed.person@example.com');
  // Amplify takes the code and state off the address once exchanged.
  expect(signedIn.address).toBe(`${appOrigin}/callback`);

  await page.evaluate(async (given) => {
    amplify.configureManagedLogin(given);
    await amplify.signOut();
  }, settings);
  await page.waitForURL(`${appOrigin}/`);
  // The sign-out went through /logout, so the next sign-in asks again.
  await startSignIn(page, settings);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});
