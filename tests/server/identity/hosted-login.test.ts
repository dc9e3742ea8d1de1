import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminUserGlobalSignOutCommand,
  GetUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import pino from 'pino';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, HOUR } from '../../../server/identity/clock.ts';
import { createRetentionSweeper } from '../../../server/maintenance/retention-sweeper.ts';
import { FORGOT_PASSWORD_LINK } from '../../../src-shared/domain/routes.ts';
import { loginForm, postLoginForm, toServer, type LoginForm } from '../../support/hosted-browser.ts';
import { CLIENT_ID, failure, PASSWORD, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

/**
 * The pool's own sign-in page, as Cognito's managed login is: an app that sends the browser to
 * /oauth2/authorize without `identity_provider` (as openid-client and oidc-client-ts do by
 * default) gets a page asking for the pool's email and password, and
 * a code for them. Driven here with openid-client and a cookie-keeping fetch, as a browser posts.
 */
let t: IdentityTestServer;
let config: oidc.Configuration;
const REDIRECT = 'http://app.example/callback';

const throughServer: oidc.CustomFetch = (url, options) => fetch(toServer(t.server, url), options as RequestInit);

beforeAll(async () => {
  t = await startIdentityServer({ IDENTITY_ALLOWED_REDIRECT_URIS: REDIRECT });
  config = await oidc.discovery(new URL(`${t.server.config.publicUrl}/cognito/${POOL_ID}`), CLIENT_ID, undefined, oidc.None(), {
    execute: [oidc.allowInsecureRequests],
    [oidc.customFetch]: throughServer,
  });
  config[oidc.customFetch] = throughServer;
  await t.createUser('page.user@example.com', { given_name: 'Paige' });
});
afterAll(() => t.close());

/** An authorization request as openid-client builds it, with no identity_provider. */
async function authorization(scope = 'openid email profile', extra: Record<string, string> = {}) {
  const verifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  return { url: toServer(t.server, url), verifier, nonce, state };
}

/**
 * The code exchange for `request` at the address the browser came back to (openid-client checks
 * state and nonce, and with `maxAge` the id token's auth_time). openid-client's clock is set to
 * the server's, which the tests move on, as an app's would agree with a real pool's.
 */
function exchange(request: Awaited<ReturnType<typeof authorization>>, back: URL | Response, maxAge?: number) {
  const location = back instanceof URL ? back : new URL(back.headers.get('location') ?? '');
  const skew = Math.round((t.clock.now() - Date.now()) / 1000);
  const client = new oidc.Configuration(config.serverMetadata(), CLIENT_ID, { [oidc.clockSkew]: skew }, oidc.None());
  oidc.allowInsecureRequests(client);
  client[oidc.customFetch] = throughServer;
  return oidc.authorizationCodeGrant(client, location, {
    pkceCodeVerifier: request.verifier,
    expectedState: request.state,
    expectedNonce: request.nonce,
    idTokenExpected: true,
    ...(maxAge === undefined ? {} : { maxAge }),
  });
}

/** /authorize, then the sign-in page it sends the browser to. */
async function openLoginPage(scope?: string) {
  const request = await authorization(scope);
  const authorize = await fetch(request.url, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const location = new URL(authorize.headers.get('location') ?? '', request.url);
  expect(location.pathname).toBe('/cognito/login');
  const form = await loginForm(toServer(t.server, location));
  return { request, form };
}

/** The session cookie a sign-in on the page set, as the browser sends it back. */
const sessionCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('hosted_session=')) ?? '';

/**
 * Runs `steps` with a way to move the server's clock on, then moves it back, whatever happened:
 * the other tests' signed admin calls expect the real time.
 */
async function laterOn(steps: (advance: (ms: number) => void) => Promise<void>) {
  let moved = 0;
  try {
    await steps((ms) => {
      t.clock.advance(ms);
      moved += ms;
    });
  } finally {
    t.clock.advance(-moved);
  }
}

/** Where /authorize sends a browser holding `cookie`: the app's callback, or the sign-in page. */
async function landsOn(cookie: string): Promise<string> {
  const request = await authorization('openid');
  const answer = await fetch(request.url, { redirect: 'manual', headers: { cookie } });
  return new URL(answer.headers.get('location') ?? '').pathname;
}

const failedSignIns = async (email: string) =>
  (
    await t.server.app.database.db
      .selectFrom('identity_users')
      .select('failed_sign_ins')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).failed_sign_ins;

describe('the pool’s sign-in page', () => {
  it('signs a pool user in for a code flow without identity_provider (openid-client: PKCE, state, nonce)', async () => {
    const { request, form } = await openLoginPage();
    expect(form.html).toContain('<h1>Sign in</h1>');
    // Sign-up and password reset are the web app's: the page says where.
    expect(form.html).toContain(`href="${t.server.config.publicUrl}/signup"`);
    expect(form.response.headers.get('cache-control')).toBe('no-store');
    const answer = await postLoginForm(form, { username: 'page.user@example.com', password: PASSWORD });
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    const tokens = await exchange(request, back);
    expect(tokens.claims()).toMatchObject({ email: 'page.user@example.com', given_name: 'Paige', nonce: request.nonce });
    expect(decodeJwt(tokens.access_token).scope).toBe('openid email profile');
    const info = await oidc.fetchUserInfo(config, tokens.access_token, tokens.claims()?.sub ?? '');
    expect(info.email).toBe('page.user@example.com');
  });

  it('sends back a long state of any characters exactly as the app sent it', async () => {
    const odd = `"<>&'%20+ =?#/\\é✓😀\t`;
    const state = odd.repeat(Math.ceil(1024 / odd.length)).slice(0, 1024);
    const request = { ...(await authorization('openid', { state })), state };
    const authorize = await fetch(request.url, { redirect: 'manual' });
    const form = await loginForm(toServer(t.server, new URL(authorize.headers.get('location') ?? '', request.url)));
    const answer = await postLoginForm(form, { username: 'page.user@example.com', password: PASSWORD });
    const back = new URL(answer.headers.get('location') ?? '');
    expect(back.searchParams.get('state')).toBe(state);
    // openid-client compares it with the state it sent.
    expect((await exchange(request, back)).claims()?.email).toBe('page.user@example.com');
  });

  it('grants the user API only when the app asked for aws.cognito.signin.user.admin', async () => {
    const { request, form } = await openLoginPage('openid email aws.cognito.signin.user.admin');
    const answer = await postLoginForm(form, { username: 'page.user@example.com', password: PASSWORD });
    const tokens = await exchange(request, answer);
    const user = await t.client.send(new GetUserCommand({ AccessToken: tokens.access_token }));
    expect(user.UserAttributes).toContainEqual({ Name: 'email', Value: 'page.user@example.com' });
  });

  it('fills in the address an app names in login_hint (as Amplify’s loginHint sends it), and asks for the password', async () => {
    const request = await authorization('openid', { login_hint: 'page.user@example.com' });
    const authorize = await fetch(request.url, { redirect: 'manual' });
    const form = await loginForm(toServer(t.server, new URL(authorize.headers.get('location') ?? '', request.url)));
    expect(form.html).toContain('value="page.user@example.com"');
    expect(form.html).toMatch(/id="password"[^>]* autofocus/);
    const signedIn = await postLoginForm(form, { username: 'page.user@example.com', password: PASSWORD });
    expect((await exchange(request, signedIn)).claims()?.email).toBe('page.user@example.com');
    // A hint is text on the page, never markup.
    const planted = await authorization('openid', { login_hint: '"><img src=x onerror=alert(1)>' });
    const plantedPage = await fetch(
      toServer(t.server, (await fetch(planted.url, { redirect: 'manual' })).headers.get('location') ?? ''),
    );
    const plantedHtml = await plantedPage.text();
    expect(plantedHtml).not.toContain('<img');
    expect(plantedHtml).toContain('value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
    // A hint no address could be is left out, not refused.
    const odd = await authorization('openid', { login_hint: 'x'.repeat(300) });
    const oddForm = await loginForm(
      toServer(t.server, new URL((await fetch(odd.url, { redirect: 'manual' })).headers.get('location') ?? '')),
    );
    expect(oddForm.html).toMatch(/id="username"[^>]* value="" autofocus/);
  });

  it('answers a wrong password and an unknown address alike, counts the failure as the API does, and sends nothing back', async () => {
    const before = await failedSignIns('page.user@example.com');
    const wrong = await postLoginForm((await openLoginPage()).form, {
      username: 'page.user@example.com',
      password: 'Wrong-Horse-9',
    });
    const unknown = await postLoginForm((await openLoginPage()).form, { username: 'nobody@example.com', password: PASSWORD });
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.headers.get('location')).toBeNull();
      const html = await answer.text();
      expect(html).toContain('Incorrect username or password.');
      // The page comes back ready for another try, with the address kept.
      expect(html).toContain('name="password"');
    }
    expect(await failedSignIns('page.user@example.com')).toBe(before + 1);
  });

  it('shares the lockout of the sign-in API', () =>
    t.clock.held(async () => {
      await t.createUser('locked.page@example.com');
      for (let attempt = 0; attempt < 6; attempt++) {
        await postLoginForm((await openLoginPage()).form, { username: 'locked.page@example.com', password: 'Wrong-Horse-9' });
      }
      const locked = await postLoginForm((await openLoginPage()).form, {
        username: 'locked.page@example.com',
        password: PASSWORD,
      });
      expect(locked.status).toBe(401);
      expect(await locked.text()).toContain('Password attempts exceeded');
      expect(await failure(t.signIn('locked.page@example.com'))).toMatchObject({ message: 'Password attempts exceeded' });
    }));

  it('tells a disabled or unconfirmed user why, as the API does', async () => {
    await t.createUser('disabled.page@example.com');
    await t.admin.send(new AdminDisableUserCommand({ UserPoolId: POOL_ID, Username: 'disabled.page@example.com' }));
    const disabled = await postLoginForm((await openLoginPage()).form, {
      username: 'disabled.page@example.com',
      password: PASSWORD,
    });
    expect(await disabled.text()).toContain('User is disabled.');
    expect(disabled.headers.get('location')).toBeNull();
  });

  it('refuses a post without the page’s own token before it looks at the password (login CSRF)', async () => {
    const { form } = await openLoginPage();
    const before = await failedSignIns('page.user@example.com');
    const forged: LoginForm = { ...form, cookie: '' };
    const answer = await postLoginForm(forged, { username: 'page.user@example.com', password: 'Wrong-Horse-9' });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('location')).toBeNull();
    // The page is shown again, with a token of its own, so a person whose page expired can go on.
    const again = await loginForm(answer);
    expect(again.html).toContain('This page has expired. Please sign in again.');
    expect(again.cookie).toContain(again.fields.csrf);
    const mismatched: LoginForm = { ...form, fields: { ...form.fields, csrf: 'x'.repeat(43) } };
    expect((await postLoginForm(mismatched, { username: 'page.user@example.com', password: PASSWORD })).status).toBe(403);
    expect(await failedSignIns('page.user@example.com')).toBe(before);
  });

  it('lets two open sign-in pages share the browser’s token: the first one still signs in', async () => {
    const { request, form: first } = await openLoginPage();
    const second = await loginForm(toServer(t.server, first.response.url), first.cookie);
    expect(second.fields.csrf).toBe(first.fields.csrf);
    const answer = await postLoginForm(
      { ...first, cookie: second.cookie },
      { username: 'page.user@example.com', password: PASSWORD },
    );
    expect(answer.status).toBe(302);
    expect(new URL(answer.headers.get('location') ?? '').searchParams.get('state')).toBe(request.state);
  });

  it('refuses a post whose request was altered (another redirect_uri, no PKCE), sending the browser nowhere', async () => {
    const { form } = await openLoginPage();
    const elsewhere: LoginForm = { ...form, fields: { ...form.fields, redirect_uri: 'https://evil.example/' } };
    const answer = await postLoginForm(elsewhere, { username: 'page.user@example.com', password: PASSWORD });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('location')).toBeNull();
    const { code_challenge: _dropped, ...withoutPkce } = form.fields;
    const noPkce = await postLoginForm(
      { ...form, fields: withoutPkce },
      { username: 'page.user@example.com', password: PASSWORD },
    );
    expect(noPkce.status).toBe(302);
    expect(new URL(noPkce.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_request');
  });

  it('audits a sign-in on the page as a password sign-in, also for an account linked to Google', async () => {
    await t.createUser('linked.page@example.com');
    const link = {
      userId: 'g-7',
      providerName: 'Google',
      providerType: 'Google',
      issuer: null,
      primary: 'true',
      dateCreated: '1',
    };
    await t.server.app.database.db
      .updateTable('identity_users')
      .set({ identities: JSON.stringify([link]) })
      .where('email', '=', 'linked.page@example.com')
      .execute();
    const { request, form } = await openLoginPage();
    const answer = await postLoginForm(form, { username: 'linked.page@example.com', password: PASSWORD });
    await exchange(request, answer);
    await expect
      .poll(() =>
        t.server.app.database.db
          .selectFrom('audit_events')
          .select('details')
          .where('event_type', '=', 'customer.login')
          .where('actor_email', '=', 'linked.page@example.com')
          .execute(),
      )
      .toEqual([{ details: { provider: 'password', flow: 'hosted' } }]);
  });

  it('answers prompt=none with login_required at once: the pool keeps no sign-in session to use silently', async () => {
    const request = await authorization('openid', { prompt: 'none' });
    const answer = await fetch(request.url, { redirect: 'manual' });
    const back = new URL(answer.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('error')).toBe('login_required');
    expect(back.searchParams.get('state')).toBe(request.state);
  });

  it('remembers the browser for an hour: the next request gets its code at once, prompt=login asks again, /logout forgets', async () => {
    const { form } = await openLoginPage();
    const signedIn = await postLoginForm(form, { username: 'page.user@example.com', password: PASSWORD });
    const session = sessionCookie(signedIn);
    expect(session).toMatch(/^hosted_session=[\w-]{43}$/);
    expect(signedIn.headers.getSetCookie().find((line) => line.startsWith('hosted_session='))).toContain('HttpOnly');

    const again = await authorization('openid email');
    const remembered = await fetch(again.url, { redirect: 'manual', headers: { cookie: session } });
    const back = new URL(remembered.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    const tokens = await exchange(again, back);
    expect(tokens.claims()?.email).toBe('page.user@example.com');

    const silent = await authorization('openid', { prompt: 'none' });
    const silentBack = new URL(
      (await fetch(silent.url, { redirect: 'manual', headers: { cookie: session } })).headers.get('location') ?? '',
    );
    expect(silentBack.searchParams.get('code')).toBeTruthy();
    const forced = await authorization('openid', { prompt: 'login' });
    const forcedTo = new URL(
      (await fetch(forced.url, { redirect: 'manual', headers: { cookie: session } })).headers.get('location') ?? '',
    );
    expect(forcedTo.pathname).toBe('/cognito/login');

    const logout = await fetch(
      `${t.server.url}/cognito/logout?${new URLSearchParams({ client_id: CLIENT_ID, logout_uri: REDIRECT })}`,
      { redirect: 'manual', headers: { cookie: session } },
    );
    expect(logout.headers.get('location')).toBe(REDIRECT);
    expect(logout.headers.getSetCookie()[0]).toMatch(/^hosted_session=; .*Max-Age=0/);
    expect(await landsOn(session)).toBe('/cognito/login');
  });

  it('tells the app when the user really signed in (auth_time), for a remembered browser’s code and at refresh', async () => {
    const { request, form } = await openLoginPage('openid');
    const signedIn = await postLoginForm(form, { username: 'page.user@example.com', password: PASSWORD });
    const signedInAt = (await exchange(request, signedIn)).claims()?.auth_time;
    expect(signedInAt).toBeGreaterThan(0);
    await laterOn(async (advance) => {
      advance(50 * 60 * 1000);
      const again = await authorization('openid');
      const remembered = await fetch(again.url, { redirect: 'manual', headers: { cookie: sessionCookie(signedIn) } });
      const tokens = await exchange(again, remembered);
      expect(tokens.claims()?.auth_time).toBe(signedInAt);
      expect(tokens.claims()?.iat).toBeGreaterThanOrEqual((signedInAt ?? 0) + 50 * 60);
      // The session started from the code keeps it: a refreshed id token says the same.
      const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token ?? '');
      expect(refreshed.claims()?.auth_time).toBe(signedInAt);
      // So an app that wants a sign-in of the last five minutes sees this one is older.
      const strict = await authorization('openid');
      const strictBack = await fetch(strict.url, { redirect: 'manual', headers: { cookie: sessionCookie(signedIn) } });
      await expect(exchange(strict, strictBack, 300)).rejects.toMatchObject({
        cause: { message: 'too much time has elapsed since the last End-User authentication' },
      });
    });
  });

  it('honours max_age: a remembered sign-in within it gets its code, an older one signs in again (prompt=none: login_required)', async () => {
    const { request, form } = await openLoginPage('openid');
    const signedIn = await postLoginForm(form, { username: 'page.user@example.com', password: PASSWORD });
    const session = sessionCookie(signedIn);
    const signedInAt = (await exchange(request, signedIn)).claims()?.auth_time;
    const withSession = (url: string) => fetch(url, { redirect: 'manual', headers: { cookie: session } });
    await laterOn(async (advance) => {
      advance(2 * 60 * 1000);
      const recent = await authorization('openid', { max_age: '300' });
      const tokens = await exchange(recent, await withSession(recent.url), 300);
      expect(tokens.claims()?.auth_time).toBe(signedInAt);

      advance(5 * 60 * 1000);
      const stale = await authorization('openid', { max_age: '300' });
      const page = new URL((await withSession(stale.url)).headers.get('location') ?? '');
      expect(page.pathname).toBe('/cognito/login');
      const fresh = await postLoginForm(await loginForm(toServer(t.server, page)), {
        username: 'page.user@example.com',
        password: PASSWORD,
      });
      const freshTokens = await exchange(stale, fresh, 300);
      expect(freshTokens.claims()?.auth_time).toBeGreaterThanOrEqual((signedInAt ?? 0) + 7 * 60);
      // max_age=0 asks every time, as prompt=login does, even right after a sign-in.
      const zero = await authorization('openid', { max_age: '0' });
      const zeroTo = await fetch(zero.url, { redirect: 'manual', headers: { cookie: sessionCookie(fresh) } });
      expect(new URL(zeroTo.headers.get('location') ?? '').pathname).toBe('/cognito/login');

      const silent = await authorization('openid', { max_age: '300', prompt: 'none' });
      advance(6 * 60 * 1000);
      const silentBack = new URL((await withSession(silent.url)).headers.get('location') ?? '');
      expect(Object.fromEntries(silentBack.searchParams)).toMatchObject({ error: 'login_required', state: silent.state });
    });
  });

  it('refuses a max_age that is no whole number of seconds, back to the app with its state', async () => {
    for (const maxAge of ['-1', '1.5', '1e3', 'soon']) {
      const request = await authorization('openid', { max_age: maxAge });
      const back = new URL((await fetch(request.url, { redirect: 'manual' })).headers.get('location') ?? '');
      expect(`${back.origin}${back.pathname}`, maxAge).toBe(REDIRECT);
      expect(Object.fromEntries(back.searchParams), maxAge).toEqual({
        error: 'invalid_request',
        error_description: 'max_age must be a whole number of seconds.',
        state: request.state,
      });
    }
  });

  it('shows a browser a page, not JSON, when it cannot go back to the app (unknown return address or client, bad sign-out)', async () => {
    const { url } = await authorization();
    const browserGet = (address: string) =>
      fetch(toServer(t.server, address), {
        redirect: 'manual',
        headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      });
    const elsewhere = new URL(url);
    elsewhere.searchParams.set('redirect_uri', 'https://evil.example/cb');
    const otherClient = new URL(url);
    otherClient.searchParams.set('client_id', 'another-client');
    const logout = (query: string) => `${t.server.config.publicUrl}/cognito/logout?${query}`;
    const cases = [
      { address: elsewhere.href, says: /return address .* is not registered/ },
      { address: otherClient.href, says: /app this sign-in link names is not known/ },
      {
        address: logout(`client_id=${CLIENT_ID}&logout_uri=${encodeURIComponent('https://evil.example')}`),
        says: /not registered/,
      },
      { address: logout(`client_id=${CLIENT_ID}`), says: /does not say where to go/ },
      {
        address: `${t.server.config.publicUrl}/cognito/oauth2/authorize?client_id=${CLIENT_ID}`,
        says: /not complete or not valid/,
      },
      { address: `${t.server.config.publicUrl}/cognito/oauth2/idpresponse?state=gone&code=x`, says: /has expired/ },
    ];
    for (const { address, says } of cases) {
      const page = await browserGet(address);
      expect(page.status, address).toBe(400);
      expect(page.headers.get('location')).toBeNull();
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      const html = await page.text();
      expect(html).toMatch(says);
      // The app's address is the developer's problem; the page never links the visitor there.
      expect(html).not.toContain('href="https://evil.example');
    }
    // An app's code or a script asking for JSON still reads the OAuth error.
    const json = await fetch(toServer(t.server, elsewhere.href), { redirect: 'manual' });
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({ error: 'redirect_mismatch' });
  });

  it('signs out to the sign-in page with /logout?redirect_uri= (“sign in as someone else”), checking the request first', async () => {
    const { form } = await openLoginPage();
    const session = sessionCookie(await postLoginForm(form, { username: 'page.user@example.com', password: PASSWORD }));
    const again = await authorization('openid');
    const logout = (query: Record<string, string>) =>
      fetch(`${t.server.url}/cognito/logout?${new URLSearchParams({ client_id: CLIENT_ID, ...query })}`, {
        redirect: 'manual',
        headers: { cookie: session },
      });
    const request = Object.fromEntries(new URL(again.url).searchParams);

    // A request the sign-in page would refuse is refused here, and the browser stays signed in.
    const elsewhere = await logout({ ...request, redirect_uri: 'https://evil.example/cb' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.headers.getSetCookie()).toEqual([]);
    expect(await landsOn(session)).not.toBe('/cognito/login');
    const neither = await logout({});
    expect(neither.status).toBe(400);
    expect(await neither.json()).toEqual({
      error: 'invalid_request',
      error_description: 'logout_uri or redirect_uri is required.',
    });

    const out = await logout(request);
    expect(out.status).toBe(302);
    expect(out.headers.getSetCookie()[0]).toMatch(/^hosted_session=; .*Max-Age=0/);
    const page = new URL(out.headers.get('location') ?? '');
    expect(page.pathname).toBe('/cognito/login');
    expect(Object.fromEntries(page.searchParams)).toMatchObject({
      redirect_uri: REDIRECT,
      state: again.state,
      nonce: again.nonce,
    });
    expect(await landsOn(session)).toBe('/cognito/login');
    // The page it lands on signs the next person in for the same request.
    const next = await loginForm(toServer(t.server, page));
    const signedIn = await postLoginForm(next, { username: 'page.user@example.com', password: PASSWORD });
    expect((await exchange(again, signedIn)).claims()?.email).toBe('page.user@example.com');
  });

  it('answers userInfo 401 invalid_token (RFC 6750) once the user is disabled or deleted', async () => {
    for (const [email, end] of [
      ['userinfo.disabled@example.com', AdminDisableUserCommand],
      ['userinfo.deleted@example.com', AdminDeleteUserCommand],
    ] as const) {
      await t.createUser(email);
      const request = await authorization('openid email');
      const authorize = await fetch(request.url, { redirect: 'manual' });
      const form = await loginForm(toServer(t.server, new URL(authorize.headers.get('location') ?? '', request.url)));
      const tokens = await exchange(request, await postLoginForm(form, { username: email, password: PASSWORD }));
      expect((await oidc.fetchUserInfo(config, tokens.access_token, tokens.claims()?.sub ?? '')).email).toBe(email);
      await t.admin.send(new end({ UserPoolId: POOL_ID, Username: email }));
      const info = await t.server.fetch('/cognito/oauth2/userInfo', {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect({ email, status: info.status, challenge: info.headers.get('www-authenticate') }).toEqual({
        email,
        status: 401,
        challenge: expect.stringMatching(/^Bearer error="invalid_token", error_description="/),
      });
      expect(await info.json()).toEqual({ error: 'invalid_token', error_description: expect.any(String) });
    }
  });

  it('forgets the browser after an hour, at a global sign-out, and for a disabled account', async () => {
    const signIn = async (email: string) =>
      sessionCookie(await postLoginForm((await openLoginPage()).form, { username: email, password: PASSWORD }));
    await t.createUser('global.page@example.com');
    const signedOut = await signIn('global.page@example.com');
    expect(await landsOn(signedOut)).toBe('/callback');
    await t.admin.send(new AdminUserGlobalSignOutCommand({ UserPoolId: POOL_ID, Username: 'global.page@example.com' }));
    expect(await landsOn(signedOut)).toBe('/cognito/login');

    await t.createUser('disabled.later@example.com');
    const disabled = await signIn('disabled.later@example.com');
    await t.server.app.database.db
      .updateTable('identity_users')
      .set({ enabled: false })
      .where('email', '=', 'disabled.later@example.com')
      .execute();
    expect(await landsOn(disabled)).toBe('/cognito/login');

    const expiring = await signIn('page.user@example.com');
    t.clock.advance(59 * 60 * 1000);
    expect(await landsOn(expiring)).toBe('/callback');
    t.clock.advance(2 * 60 * 1000);
    expect(await landsOn(expiring)).toBe('/cognito/login');
    // Back to the clock the other tests' signed admin calls expect.
    t.clock.advance(-61 * 60 * 1000);
  });

  it('forgets the browser and its refresh tokens once the password is reset with a mailed code: whoever knew the old one is out', async () => {
    await t.createUser('reset.page@example.com');
    const stranger = sessionCookie(
      await postLoginForm((await openLoginPage()).form, { username: 'reset.page@example.com', password: PASSWORD }),
    );
    const { RefreshToken } = await t.signIn('reset.page@example.com');
    expect(await landsOn(stranger)).toBe('/callback');

    await t.resetPassword('reset.page@example.com', 'Reset-Because-Known-1');
    expect(await landsOn(stranger)).toBe('/cognito/login');
    expect(await failure(t.refresh(RefreshToken))).toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('leaves no remembered browser behind once its hour is over: the retention sweeper deletes it', async () => {
    await postLoginForm((await openLoginPage()).form, { username: 'page.user@example.com', password: PASSWORD });
    const db = t.server.app.database.db;
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('identity_hosted_sessions')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBeGreaterThan(0);
    const sweeper = createRetentionSweeper({
      db,
      log: pino({ level: 'silent' }),
      config: { intervalMs: 60_000, unconfirmedUserMaxAgeMs: 7 * DAY },
      now: () => t.clock.now() + 2 * HOUR,
    });
    expect((await sweeper.sweep())['hosted sessions']).toBeGreaterThan(0);
    expect(await count()).toBe(0);
  });

  it('asks a user invited with a temporary password for a new one, then sends the code', async () => {
    await t.admin.send(
      new AdminCreateUserCommand({
        UserPoolId: POOL_ID,
        Username: 'invited.page@example.com',
        TemporaryPassword: 'Temporary-Pass-1',
        MessageAction: 'SUPPRESS',
      }),
    );
    const { request, form } = await openLoginPage();
    // The sign-in step sends whoever lacks an account or a password to the site's own forms.
    expect(form.html).toContain(`href="${t.server.config.publicUrl}/signup"`);
    expect(form.html).toContain(`href="${new URL(FORGOT_PASSWORD_LINK, t.server.config.publicUrl).href}"`);
    const asked = await postLoginForm(form, { username: 'invited.page@example.com', password: 'Temporary-Pass-1' });
    expect(asked.status).toBe(200);
    const newPassword = await loginForm(asked, form.cookie);
    expect(newPassword.html).toContain('<h1>Choose a new password</h1>');
    // Signed in already, half-way: no invitation to create an account or reset a password.
    expect(newPassword.html).not.toContain('No account yet?');
    expect(newPassword.html).not.toContain('Forgot your password?');
    const weak = await postLoginForm(newPassword, { new_password: 'short', confirm_password: 'short' });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain('Password did not conform with policy: Password not long enough');
    const differing = await postLoginForm(newPassword, { new_password: 'Chosen-Pass-22', confirm_password: 'Chosen-Pass-23' });
    expect(await differing.text()).toContain('The passwords do not match.');
    const chosen = await postLoginForm(newPassword, { new_password: 'Chosen-Pass-22', confirm_password: 'Chosen-Pass-22' });
    expect(chosen.status).toBe(302);
    const tokens = await exchange(request, chosen);
    expect(tokens.claims()?.email).toBe('invited.page@example.com');
    expect(await t.signIn('invited.page@example.com', 'Chosen-Pass-22')).toHaveProperty('AccessToken');
  });
});
