import { GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asGoogle, startOpenIdStandIn, type OpenIdStandIn, type StandInLogin } from '../../support/openid-stand-in.ts';
import { browseHostedSignIn, browseUntil, pkcePair } from '../../support/hosted-browser.ts';
import { CLIENT_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

/**
 * The whole Google chain against a real OpenID provider (oidc-provider) on loopback,
 * standing in for Google's login page, which cannot be reached from here.
 */
let t: IdentityTestServer;
let upstream: OpenIdStandIn;
/** Who "signs in at Google" next, or a refusal. */
let nextLogin: StandInLogin = { accountId: 'g-1001' };
/** The answers of the logins to come, each once, before nextLogin is. */
let nextLogins: StandInLogin[] = [];
/** How many times someone signed in at "Google" (the stand-in's login step ran). */
let upstreamLogins = 0;
/** Whether "Google" ignores max_age and prompt=login, and so tells no auth_time. */
let providerIgnoresMaxAge = false;

const ACCOUNTS: Record<string, Record<string, unknown>> = {
  'g-1001': { email: 'grace@gmail.example', email_verified: true, given_name: 'Grace', family_name: 'Hopper' },
  'g-2002': { email: 'ada@example.com', email_verified: true, given_name: 'Ada', family_name: 'Lovelace' },
  'g-3003': { email: 'ada@example.com', email_verified: false },
};

beforeAll(async () => {
  upstream = await startOpenIdStandIn({
    accounts: ACCOUNTS,
    nextLogin: () => {
      upstreamLogins += 1;
      return nextLogins.shift() ?? nextLogin;
    },
    ignoresMaxAge: () => providerIgnoresMaxAge,
  });
  t = await startIdentityServer({
    ...asGoogle(upstream),
    IDENTITY_ALLOWED_REDIRECT_URIS: 'http://app.example,http://app.example/callback',
  });
  upstream.accept(`${t.server.config.publicUrl}/cognito/oauth2/idpresponse`);
});
afterAll(async () => {
  await t.close();
  await upstream.close();
});

const authorizeUrl = (params: Record<string, string>) =>
  `/cognito/oauth2/authorize?${new URLSearchParams({
    identity_provider: 'Google',
    redirect_uri: 'http://app.example',
    response_type: 'code',
    client_id: CLIENT_ID,
    // As the web app asks: its account pages use the user API, which needs the last scope.
    scope: 'openid email profile aws.cognito.signin.user.admin',
    state: 'app-state-1',
    code_challenge: PKCE.challenge,
    code_challenge_method: 'S256',
    ...params,
  })}`;

/** The web app's PKCE pair, used by every sign-in here unless a test sends its own. */
const PKCE = pkcePair();
const browse = (path: string) => browseHostedSignIn(t.server, path);

async function exchange(code: string, extra: Record<string, string> = {}) {
  const response = await t.server.fetch('/cognito/oauth2/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: CLIENT_ID,
      code,
      redirect_uri: 'http://app.example',
      code_verifier: PKCE.verifier,
      ...extra,
    }).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string | number> };
}

describe('hosted sign-in with Google (a local oidc-provider stands in for Google)', () => {
  it('federates, creates google_<sub> with the identities claim, and exchanges the code once', async () => {
    nextLogin = { accountId: 'g-1001' };
    const back = await browse(authorizeUrl({}));
    expect(back.searchParams.get('state')).toBe('app-state-1');
    const code = back.searchParams.get('code') ?? '';
    const { status, body } = await exchange(code);
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    const id = decodeJwt(String(body.id_token));
    expect(id).toMatchObject({
      'cognito:username': 'google_g-1001',
      email: 'grace@gmail.example',
      email_verified: true,
      given_name: 'Grace',
      family_name: 'Hopper',
      aud: CLIENT_ID,
    });
    expect(id.identities).toEqual([
      {
        userId: 'g-1001',
        providerName: 'Google',
        providerType: 'Google',
        issuer: null,
        primary: 'true',
        dateCreated: expect.any(String),
      },
    ]);
    // The access token works with the SDK and with userInfo.
    const user = await t.client.send(new GetUserCommand({ AccessToken: String(body.access_token) }));
    expect(user.Username).toBe('google_g-1001');
    const info = await t.server.fetch('/cognito/oauth2/userInfo', {
      headers: { authorization: `Bearer ${String(body.access_token)}` },
    });
    expect(await info.json()).toMatchObject({ email: 'grace@gmail.example', username: 'google_g-1001' });
    // The refresh token grant.
    const refresh = () =>
      t.server.fetch('/cognito/oauth2/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: CLIENT_ID,
          refresh_token: String(body.refresh_token),
        }).toString(),
      });
    expect(decodeJwt(String(((await (await refresh()).json()) as Record<string, string>).id_token))).toMatchObject({
      'cognito:username': 'google_g-1001',
    });
    // A code works once; presented again, it also ends what its first use started.
    expect(await exchange(code)).toEqual({ status: 400, body: { error: 'invalid_grant' } });
    expect(await (await refresh()).json()).toEqual({ error: 'invalid_grant' });
  });

  it('signs the same Google account into the same user next time', async () => {
    nextLogin = { accountId: 'g-1001' };
    const { body } = await exchange((await browse(authorizeUrl({}))).searchParams.get('code') ?? '');
    expect(decodeJwt(String(body.id_token))['cognito:username']).toBe('google_g-1001');
    expect(
      await t.server.app.database.db
        .selectFrom('identity_users')
        .select('username')
        .where('email', '=', 'grace@gmail.example')
        .execute(),
    ).toHaveLength(1);
  });

  it('checks PKCE when the web app sent a challenge', async () => {
    const verifier = 'a-long-enough-code-verifier-for-pkce-0123456789abcdef';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const code =
      (await browse(authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256' }))).searchParams.get('code') ?? '';
    expect(await exchange(code, { code_verifier: 'wrong-verifier' })).toEqual({ status: 400, body: { error: 'invalid_grant' } });
    const second =
      (await browse(authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256' }))).searchParams.get('code') ?? '';
    expect((await exchange(second, { code_verifier: verifier })).status).toBe(200);
  });

  it('links a verified Google email to the existing password account, never an unverified one', async () => {
    await t.createUser('ada@example.com');
    nextLogin = { accountId: 'g-3003' };
    const refused = await browse(authorizeUrl({}));
    expect(refused.searchParams.get('error')).toBe('access_denied');
    nextLogin = { accountId: 'g-2002' };
    const { body } = await exchange((await browse(authorizeUrl({}))).searchParams.get('code') ?? '');
    const id = decodeJwt(String(body.id_token));
    const native = await t.signIn('ada@example.com');
    expect(id.sub).toBe(decodeJwt(native.IdToken).sub);
    expect(id.identities).toEqual([expect.objectContaining({ providerName: 'Google', userId: 'g-2002' })]);
  });

  it('sends the browser back with error and error_description when the person declines at Google', async () => {
    nextLogin = { error: 'access_denied' };
    const back = await browse(authorizeUrl({}));
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_description')).toBeTruthy();
    expect(back.searchParams.get('state')).toBe('app-state-1');
  });

  it('sends the browser back with an error for a provider that is not configured', async () => {
    const back = await browse(authorizeUrl({ identity_provider: 'AzureAD' }));
    expect(Object.fromEntries(back.searchParams)).toEqual({
      error: 'invalid_request',
      error_description: 'AzureAD sign-in is not configured on this site.',
      state: 'app-state-1',
    });
  });

  it('refuses a redirect_uri that is not allowed or another client, without redirecting', async () => {
    const cases: Record<string, string>[] = [{ redirect_uri: 'https://evil.example' }, { client_id: 'other' }];
    for (const params of cases) {
      const response = await t.server.fetch(authorizeUrl(params), { redirect: 'manual' });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
    }
  });
});

describe('an app asking the user to sign in again (prompt=login, max_age) with Google', () => {
  it('has Google sign the user in again, and the id token tells when the user last signed in there', async () => {
    nextLogin = { accountId: 'g-1001' };
    const atApp = (url: URL) => url.origin === 'http://app.example';
    // One browser throughout: Google remembers it after its first sign-in.
    let cookie = (await browseUntil(t.server, authorizeUrl({}), atApp)).cookie;
    const logins = upstreamLogins;
    const again = async (params: Record<string, string>) => {
      const back = await browseUntil(t.server, authorizeUrl(params), atApp, cookie);
      cookie = back.cookie;
      return back.url;
    };
    await again({});
    expect(upstreamLogins, 'Google signs a browser it remembers in without asking').toBe(logins);

    await again({ prompt: 'login' });
    expect(upstreamLogins, 'prompt=login').toBe(logins + 1);
    await again({ max_age: '0' });
    expect(upstreamLogins, 'max_age=0').toBe(logins + 2);
    const signedInAt = Math.floor(Date.now() / 1000);

    // Within max_age Google need not ask; the id token then says when the user did sign in
    // there, not when the code came back, even with the pool's clock five minutes on.
    t.clock.advance(5 * 60_000);
    const recent = await again({ max_age: '3600' });
    expect(upstreamLogins).toBe(logins + 2);
    const { status, body } = await exchange(recent.searchParams.get('code') ?? '');
    expect(status).toBe(200);
    expect(decodeJwt(String(body.id_token)).auth_time).toBeLessThanOrEqual(signedInAt + 2);
  });
});

describe('a provider that answers a max_age or prompt=login with an older sign-in', () => {
  // The provider's clock agrees with the pool's (which tests move on): its auth_time in pool seconds.
  const poolSeconds = () => Math.floor(t.clock.now() / 1000);
  afterEach(() => {
    nextLogins = [];
  });

  it('is asked once more with prompt=login, and the app gets the new sign-in', async () => {
    const signedInLongAgo = poolSeconds() - 2 * 3600;
    const signedInNow = poolSeconds();
    nextLogins = [
      { accountId: 'g-1001', signedInAt: signedInLongAgo },
      { accountId: 'g-1001', signedInAt: signedInNow },
    ];
    const logins = upstreamLogins;
    const back = await browse(authorizeUrl({ max_age: '300' }));
    expect(upstreamLogins, 'the user signed in at the provider again').toBe(logins + 2);
    expect(back.searchParams.get('state')).toBe('app-state-1');
    const { status, body } = await exchange(back.searchParams.get('code') ?? '');
    expect(status).toBe(200);
    expect(decodeJwt(String(body.id_token)).auth_time).toBe(signedInNow);
  });

  it('sends the app login_required, with its state, when the provider still answers with the old sign-in', async () => {
    const signedInLongAgo = poolSeconds() - 2 * 3600;
    for (const params of [{ max_age: '300' }, { prompt: 'login' }] as Record<string, string>[]) {
      nextLogins = [
        { accountId: 'g-1001', signedInAt: signedInLongAgo },
        { accountId: 'g-1001', signedInAt: signedInLongAgo },
      ];
      const logins = upstreamLogins;
      const back = await browse(authorizeUrl(params));
      // Asked with prompt=login once: by the pool after max_age, by the app itself with prompt=login.
      expect(upstreamLogins, JSON.stringify(params)).toBe(logins + ('max_age' in params ? 2 : 1));
      expect(Object.fromEntries(back.searchParams), JSON.stringify(params)).toEqual({
        error: 'login_required',
        error_description: 'Google did not have you sign in again, as this app asks. Sign out at Google, then try again.',
        state: 'app-state-1',
      });
    }
  });

  it("takes a fresh sign-in whose provider's clock runs a little behind the pool's, for prompt=login and max_age", async () => {
    // Google's auth_time is its own clock's: 20 s behind this pool's, the sign-in it made just
    // now reads as made before the app asked. A person must not be refused for that.
    for (const params of [{ prompt: 'login' }, { max_age: '0' }, { max_age: '10' }] as Record<string, string>[]) {
      const signedInByASlowClock = poolSeconds() - 20;
      nextLogins = [{ accountId: 'g-1001', signedInAt: signedInByASlowClock }];
      const logins = upstreamLogins;
      const back = await browse(authorizeUrl(params));
      expect(upstreamLogins, JSON.stringify(params)).toBe(logins + 1);
      const { status, body } = await exchange(back.searchParams.get('code') ?? '');
      expect(status, JSON.stringify(params)).toBe(200);
      expect(decodeJwt(String(body.id_token)).auth_time).toBe(signedInByASlowClock);
    }
  });

  it('is taken as it is when it is within max_age', async () => {
    const signedInAWhileAgo = poolSeconds() - 200;
    nextLogins = [{ accountId: 'g-1001', signedInAt: signedInAWhileAgo }];
    const back = await browse(authorizeUrl({ max_age: '300' }));
    const { body } = await exchange(back.searchParams.get('code') ?? '');
    expect(decodeJwt(String(body.id_token)).auth_time).toBe(signedInAWhileAgo);
  });
});

describe('a provider that ignores max_age and prompt=login and tells no auth_time', () => {
  afterEach(() => {
    providerIgnoresMaxAge = false;
  });

  it('gets the app no tokens claiming a fresh sign-in: asked once more, then login_required with its state', async () => {
    providerIgnoresMaxAge = true;
    nextLogin = { accountId: 'g-1001' };
    for (const params of [{ max_age: '300' }, { prompt: 'login' }, { max_age: '0' }] as Record<string, string>[]) {
      const logins = upstreamLogins;
      const back = await browse(authorizeUrl(params));
      // The person signs in there once; asked again with prompt=login (by the pool, after a
      // max_age), the provider answers from the session it now remembers, still without auth_time.
      expect(upstreamLogins, JSON.stringify(params)).toBe(logins + 1);
      expect(Object.fromEntries(back.searchParams), JSON.stringify(params)).toEqual({
        error: 'login_required',
        error_description: 'Google did not tell when you signed in, so the new sign-in this app asks for cannot be confirmed.',
        state: 'app-state-1',
      });
    }
  });

  it('signs in as ever when the app asked for neither', async () => {
    providerIgnoresMaxAge = true;
    nextLogin = { accountId: 'g-1001' };
    const back = await browse(authorizeUrl({}));
    expect((await exchange(back.searchParams.get('code') ?? '')).status).toBe(200);
  });
});

describe('GET /cognito/logout', () => {
  it('sends the browser to an allowed logout_uri only', async () => {
    const allowed = await t.server.fetch(
      `/cognito/logout?client_id=${CLIENT_ID}&logout_uri=${encodeURIComponent('http://app.example')}`,
      {
        redirect: 'manual',
      },
    );
    expect(allowed.status).toBe(302);
    expect(allowed.headers.get('location')).toBe('http://app.example');
    const refused = await t.server.fetch(
      `/cognito/logout?client_id=${CLIENT_ID}&logout_uri=${encodeURIComponent('https://evil.example')}`,
      {
        redirect: 'manual',
      },
    );
    expect(refused.status).toBe(400);
  });
});

describe('hosted sign-in when the upstream is down', () => {
  it('sends the browser back with an error instead of a dead end', async () => {
    const down = await startIdentityServer({
      AZUREAD_CLIENT_ID: 'azure-client',
      AZUREAD_CLIENT_SECRET: 'azure-secret',
      AZUREAD_DISCOVERY_URL: 'http://127.0.0.1:9/.well-known/openid-configuration',
      IDENTITY_ALLOWED_REDIRECT_URIS: 'http://app.example',
    });
    try {
      const response = await down.server.fetch(authorizeUrl({ identity_provider: 'AzureAD' }), { redirect: 'manual' });
      expect(response.status).toBe(302);
      const back = new URL(response.headers.get('location') ?? '');
      expect(back.origin).toBe('http://app.example');
      expect(back.searchParams.get('error')).toBe('temporarily_unavailable');
    } finally {
      await down.close();
    }
  });
});
