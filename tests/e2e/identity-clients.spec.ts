import type { Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import type * as CognitoIdentity from 'amazon-cognito-identity-js';
import type * as AmplifyAuth from 'aws-amplify/auth';
import type { Amplify } from 'aws-amplify';
import { freePort } from '../support/free-port.ts';
import { seriousViolations } from './support/axe.ts';
import { poolUser, startForeignApp } from './support/foreign-app.ts';
import { startSite, type Site } from './support/site.ts';

/**
 * A single-page app on another origin uses the pool in Chromium, as apps written for Cognito
 * do. With oidc-client-ts, as for Cognito's hosted UI: metadata from discovery, the redirect
 * (PKCE) through a local OpenID provider standing in for Google or the pool's own sign-in page,
 * the code exchange with client_secret_basic, a silent refresh with the refresh token and
 * revocation. With amazon-cognito-identity-js: a USER_SRP_AUTH sign-in computed by the library
 * in the browser. Every call to the pool is cross-origin, so each one also proves the CORS answers.
 */
test.describe.configure({ mode: 'serial' });
test.use({ screenshot: 'only-on-failure' });

let site: Site;
let spa: Server;
let baseUrl: string;
let spaOrigin: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const spaPort = await freePort();
  // localhost, not 127.0.0.1: another origin (and site), still a secure context for WebCrypto.
  spaOrigin = `http://localhost:${spaPort}`;
  spa = await startForeignApp(spaPort);
  site = await startSite({
    google: {
      accounts: { 'g-spa': { email: 'spa.user@gmail.example', email_verified: true, given_name: 'Sam', family_name: 'Spa' } },
      nextLogin: () => ({ accountId: 'g-spa' }),
    },
    env: (url) => ({ IDENTITY_ALLOWED_REDIRECT_URIS: `${url},${spaOrigin}/callback` }),
  });
  baseUrl = site.url;
});
test.afterAll(async () => {
  await site?.close();
  await new Promise((resolve) => spa?.close(resolve));
});

interface Settings {
  authority: string;
  client_id: string;
  client_secret: string;
  redirect_uri: string;
  scope: string;
  extraQueryParams: Record<string, string>;
}

/** What the page's UserManager is given: the pool's issuer as authority, our public client. */
const settings = (): Settings => ({
  authority: `${baseUrl}/cognito/us-east-1_local`,
  client_id: 'hireassist-local-client',
  // oidc-client-ts authenticates with client_secret_basic by default; a public client's secret is empty.
  client_secret: '',
  redirect_uri: `${spaOrigin}/callback`,
  scope: 'openid email profile',
  extraQueryParams: { identity_provider: 'Google' },
});

declare const oidc: {
  UserManager: new (settings: Settings) => {
    signinRedirect(): Promise<void>;
    signinRedirectCallback(): Promise<{ access_token: string; refresh_token?: string; profile: Record<string, unknown> }>;
    signinSilent(): Promise<{ access_token: string; refresh_token?: string } | null>;
    revokeTokens(types?: ('access_token' | 'refresh_token')[]): Promise<void>;
  };
};

test('oidc-client-ts on another origin: discovery, redirect with PKCE, exchange, silent refresh, revoke', async ({ page }) => {
  const foreignCalls: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === baseUrl && response.request().resourceType() === 'fetch')
      foreignCalls.push(`${response.status()} ${url.pathname}`);
  });
  await page.goto(`${spaOrigin}/`);
  // The page navigates away while signinRedirect runs: started, not awaited.
  await page.evaluate((given) => {
    void new oidc.UserManager(given).signinRedirect();
  }, settings());
  await page.waitForURL(`${spaOrigin}/callback?**`);
  expect(new URL(page.url()).searchParams.get('code')).toBeTruthy();

  const signedIn = await page.evaluate(async (given) => {
    const user = await new oidc.UserManager(given).signinRedirectCallback();
    return { email: user.profile.email, access: user.access_token, refresh: user.refresh_token ?? '' };
  }, settings());
  expect(signedIn.email).toBe('spa.user@gmail.example');
  expect(signedIn.refresh).not.toBe('');

  const renewed = await page.evaluate(async (given) => {
    const user = await new oidc.UserManager(given).signinSilent();
    return { access: user?.access_token ?? '', refresh: user?.refresh_token ?? '' };
  }, settings());
  expect(renewed.access).not.toBe(signedIn.access);
  expect(renewed.refresh).toBe(signedIn.refresh);

  await page.evaluate(async (given) => new oidc.UserManager(given).revokeTokens(['refresh_token']), settings());
  const refreshAfterRevoke = await fetch(`${baseUrl}/cognito/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: 'hireassist-local-client',
      refresh_token: signedIn.refresh,
    }),
  });
  expect(await refreshAfterRevoke.json()).toEqual({ error: 'invalid_grant' });

  // Every call the library made to the pool went across origins and was answered: the
  // discovery document (read by each UserManager), the exchange and the refresh, the revocation.
  expect([...new Set(foreignCalls)]).toEqual([
    '200 /cognito/us-east-1_local/.well-known/openid-configuration',
    '200 /cognito/oauth2/token',
    '200 /cognito/oauth2/revoke',
  ]);
  expect(foreignCalls.filter((call) => call.endsWith('/oauth2/token'))).toHaveLength(2);
});

test('oidc-client-ts with no identity_provider: the pool’s own sign-in page, a wrong password, then the right one', async ({
  page,
}) => {
  await poolUser(site, 'page.person@example.com', 'Correct-Horse-9');
  await page.goto(`${spaOrigin}/`);
  const ownPage: Settings = { ...settings(), extraQueryParams: {} };
  await page.evaluate((given) => {
    void new oidc.UserManager(given).signinRedirect();
  }, ownPage);
  await page.waitForURL(`${baseUrl}/cognito/login?**`);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // Google is configured on this site, so the page offers it beside the password.
  await expect(page.getByRole('link', { name: 'Continue with Google' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Email').fill('page.person@example.com');
  await page.getByLabel('Password').fill('Wrong-Horse-9');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect username or password.');
  await expect(page.getByLabel('Email')).toHaveValue('page.person@example.com');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Password').fill('Correct-Horse-9');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The post's answer is a redirect to the app on another origin, which the page's policy allows.
  await page.waitForURL(`${spaOrigin}/callback?**`);
  const signedIn = await page.evaluate(async (given) => {
    const user = await new oidc.UserManager(given).signinRedirectCallback();
    return { email: user.profile.email, refresh: user.refresh_token ?? '' };
  }, ownPage);
  expect(signedIn.email).toBe('page.person@example.com');
  expect(signedIn.refresh).not.toBe('');

  // The page remembers this browser for an hour: the app's next sign-in comes straight back,
  // its cookie carried through the app's cross-site redirect (SameSite=Lax).
  await page.goto(`${spaOrigin}/`);
  const visited: string[] = [];
  page.on('request', (request) => visited.push(new URL(request.url()).pathname));
  await page.evaluate((given) => {
    void new oidc.UserManager(given).signinRedirect();
  }, ownPage);
  await page.waitForURL(`${spaOrigin}/callback?**`);
  expect(visited).not.toContain('/cognito/login');
  const again = await page.evaluate(
    async (given) => (await new oidc.UserManager(given).signinRedirectCallback()).profile.email,
    ownPage,
  );
  expect(again).toBe('page.person@example.com');
});

/** The pool's operations the page calls, as they are answered: "200 InitiateAuth", in order. */
function poolOperations(page: Page): string[] {
  const calls: string[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (new URL(response.url()).origin === baseUrl && request.method() === 'POST')
      calls.push(`${response.status()} ${request.headers()['x-amz-target']?.split('.')[1] ?? ''}`);
  });
  return calls;
}

interface SrpOutcome {
  error?: string;
  email?: string;
  tokenUse?: string;
  attributes?: Record<string, string>;
}

declare const AmazonCognitoIdentity: typeof CognitoIdentity;

test('amazon-cognito-identity-js on another origin: an SRP sign-in computed in the browser, a wrong password, sign-out', async ({
  page,
}) => {
  await poolUser(site, 'srp.person@example.com', 'Correct-Horse-9');
  const calls = poolOperations(page);
  await page.goto(`${spaOrigin}/`);
  /** authenticateUser as an app calls it (the library's default flow, USER_SRP_AUTH), then GetUser and signOut. */
  const signIn = (password: string) =>
    page.evaluate(
      ({ endpoint, password }) =>
        new Promise<SrpOutcome>((resolve) => {
          const pool = new AmazonCognitoIdentity.CognitoUserPool({
            UserPoolId: 'us-east-1_local',
            ClientId: 'hireassist-local-client',
            endpoint,
          });
          const user = new AmazonCognitoIdentity.CognitoUser({ Username: 'srp.person@example.com', Pool: pool });
          const details = new AmazonCognitoIdentity.AuthenticationDetails({
            Username: 'srp.person@example.com',
            Password: password,
          });
          user.authenticateUser(details, {
            onFailure: (error: { name: string; message: string }) => resolve({ error: `${error.name}: ${error.message}` }),
            onSuccess: (session) =>
              user.getUserAttributes((error, attributes) => {
                if (error) return resolve({ error: error.message });
                const id = session.getIdToken().decodePayload();
                user.signOut(() =>
                  resolve({
                    email: String(id.email),
                    tokenUse: String(id.token_use),
                    attributes: Object.fromEntries((attributes ?? []).map((a) => [a.getName(), a.getValue()])),
                  }),
                );
              }),
          });
        }),
      { endpoint: `${baseUrl}/cognito`, password },
    );

  expect(await signIn('Wrong-Horse-9')).toEqual({ error: 'NotAuthorizedException: Incorrect username or password.' });
  const signedIn = await signIn('Correct-Horse-9');
  expect(signedIn).toMatchObject({ email: 'srp.person@example.com', tokenUse: 'id' });
  expect(signedIn.attributes).toMatchObject({ email: 'srp.person@example.com', email_verified: 'true' });
  // Every step went across origins and was answered: the SRP challenge and its answer (twice),
  // the user's attributes with the access token, and the refresh token's revocation.
  expect(calls).toEqual([
    '200 InitiateAuth',
    '400 RespondToAuthChallenge',
    '200 InitiateAuth',
    '200 RespondToAuthChallenge',
    '200 GetUser',
    '200 RevokeToken',
  ]);
});

declare const amplify: { Amplify: typeof Amplify } & Pick<
  typeof AmplifyAuth,
  'signIn' | 'signOut' | 'fetchAuthSession' | 'fetchUserAttributes'
>;

test('Amplify v6 on another origin, configured with the pool, client and endpoint only: SRP sign-in, forced refresh, attributes, global sign-out', async ({
  page,
}) => {
  await poolUser(site, 'amplify.person@example.com', 'Correct-Horse-9');
  const calls = poolOperations(page);
  await page.goto(`${spaOrigin}/`);
  const outcome = await page.evaluate(async (endpoint) => {
    amplify.Amplify.configure({
      Auth: {
        Cognito: { userPoolId: 'us-east-1_local', userPoolClientId: 'hireassist-local-client', userPoolEndpoint: endpoint },
      },
    });
    const refused = await amplify.signIn({ username: 'amplify.person@example.com', password: 'Wrong-Horse-9' }).then(
      () => 'signed in',
      (error: Error) => `${error.name}: ${error.message}`,
    );
    const signedIn = await amplify.signIn({ username: 'amplify.person@example.com', password: 'Correct-Horse-9' });
    const before = await amplify.fetchAuthSession();
    const after = await amplify.fetchAuthSession({ forceRefresh: true });
    const attributes = await amplify.fetchUserAttributes();
    await amplify.signOut({ global: true });
    const afterSignOut = await amplify.fetchAuthSession();
    return {
      refused,
      step: signedIn.nextStep.signInStep,
      renewed: before.tokens?.accessToken.toString() !== after.tokens?.accessToken.toString(),
      email: attributes.email,
      signedOut: afterSignOut.tokens === undefined,
    };
  }, `${baseUrl}/cognito`);
  expect(outcome).toEqual({
    refused: 'NotAuthorizedException: Incorrect username or password.',
    step: 'DONE',
    renewed: true,
    email: 'amplify.person@example.com',
    signedOut: true,
  });
  // Every call crossed origins and was answered: SRP (twice), the refresh as Amplify v6 makes
  // it, the attributes, the global sign-out.
  expect(calls).toEqual([
    '200 InitiateAuth',
    '400 RespondToAuthChallenge',
    '200 InitiateAuth',
    '200 RespondToAuthChallenge',
    '200 GetTokensFromRefreshToken',
    '200 GetUser',
    '200 GlobalSignOut',
  ]);
});
