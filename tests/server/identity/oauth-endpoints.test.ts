import { GetUserCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cognitoRequest } from '../../support/cognito-request.ts';
import { asGoogle, startOpenIdStandIn, type OpenIdStandIn } from '../../support/openid-stand-in.ts';
import { browseHostedSignIn, browseUntil, exchangeCode, pkcePair, signInOnPage, toServer } from '../../support/hosted-browser.ts';
import { CLIENT_ID, PASSWORD, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

/**
 * The hosted sign-in endpoints as a careless or hostile client tries them: PKCE and state
 * rules at /oauth2/authorize, client authentication and redirect_uri forms at
 * /oauth2/token, and CORS on everything under /cognito (and nothing under /api).
 */
let t: IdentityTestServer;
let upstream: OpenIdStandIn;

beforeAll(async () => {
  upstream = await startOpenIdStandIn({
    accounts: { 'g-endpoints': { email: 'endpoints@example.com', email_verified: true } },
    nextLogin: () => ({ accountId: 'g-endpoints' }),
  });
  t = await startIdentityServer({
    ...asGoogle(upstream),
    IDENTITY_ALLOWED_REDIRECT_URIS: 'http://app.example',
  });
  upstream.accept(`${t.server.config.publicUrl}/cognito/oauth2/idpresponse`);
});
afterAll(async () => {
  await t.close();
  await upstream.close();
});

const authorizePath = (params: Record<string, string | undefined>) => {
  const query = new URLSearchParams();
  const all = {
    identity_provider: 'Google',
    redirect_uri: 'http://app.example',
    response_type: 'code',
    client_id: CLIENT_ID,
    scope: 'openid email profile',
    state: 'state-1',
    ...params,
  };
  for (const [name, value] of Object.entries(all)) if (value !== undefined) query.set(name, value);
  return `/cognito/oauth2/authorize?${query}`;
};

/** Where /authorize sends the browser first (without following it). */
async function authorizeRedirect(params: Record<string, string | undefined>): Promise<URL> {
  const response = await t.server.fetch(authorizePath(params), { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '');
}

const pendingRequests = async () =>
  Number(
    (
      await t.server.app.database.db
        .selectFrom('identity_oauth_requests')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const token = (body: Record<string, string>, headers: Record<string, string> = {}) =>
  t.server.fetch('/cognito/oauth2/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(body),
  });

/** A code from a whole hosted sign-in with a fresh PKCE pair. */
async function freshCode(redirectUri = 'http://app.example') {
  const pkce = pkcePair();
  const back = await browseHostedSignIn(
    t.server,
    authorizePath({ redirect_uri: redirectUri, code_challenge: pkce.challenge, code_challenge_method: 'S256' }),
  );
  return { code: back.searchParams.get('code') ?? '', verifier: pkce.verifier };
}

/** The token request that exchanges `fresh` (a freshCode) with our client id, at `redirectUri`. */
const codeExchange = (fresh: { code: string; verifier: string }, redirectUri = 'http://app.example') => ({
  grant_type: 'authorization_code',
  client_id: CLIENT_ID,
  code: fresh.code,
  redirect_uri: redirectUri,
  code_verifier: fresh.verifier,
});

describe('/oauth2/authorize requires PKCE with S256 from our public client', () => {
  it('refuses a request without code_challenge, with plain, or with a challenge that is no S256 digest', async () => {
    const before = await pendingRequests();
    const cases: [Record<string, string | undefined>, string][] = [
      [{}, 'code_challenge is required (PKCE with S256).'],
      [{ code_challenge: pkcePair().challenge }, 'code_challenge_method must be S256.'],
      [
        { code_challenge: 'a-verifier-sent-as-is-0123456789-abcdefghijk', code_challenge_method: 'plain' },
        'code_challenge_method must be S256.',
      ],
      [
        { code_challenge: 'short', code_challenge_method: 'S256' },
        'code_challenge must be a base64url SHA-256 digest (43 characters).',
      ],
    ];
    for (const [params, description] of cases) {
      const back = await authorizeRedirect(params);
      expect(back.origin).toBe('http://app.example');
      expect(Object.fromEntries(back.searchParams)).toEqual({
        error: 'invalid_request',
        error_description: description,
        state: 'state-1',
      });
    }
    expect(await pendingRequests()).toBe(before);
  });

  it('refuses a state (or nonce) over 1024 characters without storing or echoing it', async () => {
    const before = await pendingRequests();
    const { challenge } = pkcePair();
    for (const params of [{ state: 'x'.repeat(1025) }, { nonce: 'n'.repeat(1025) }]) {
      const back = await authorizeRedirect({ ...params, code_challenge: challenge, code_challenge_method: 'S256' });
      expect(Object.fromEntries(back.searchParams)).toEqual({
        error: 'invalid_request',
        error_description: 'state and nonce may be at most 1024 characters.',
      });
    }
    expect(await pendingRequests()).toBe(before);
    // 1024 is still fine.
    const upstreamBound = await authorizeRedirect({
      state: 's'.repeat(1024),
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    expect(upstreamBound.origin).toBe(upstream.url);
  });

  it('refuses a response_mode other than query back to the app, with its state, in the query', async () => {
    const pkce = { code_challenge: pkcePair().challenge, code_challenge_method: 'S256' };
    for (const identityProvider of ['Google', undefined]) {
      for (const mode of ['form_post', 'fragment', 'query.jwt', 'web_message']) {
        const back = await authorizeRedirect({ ...pkce, identity_provider: identityProvider, response_mode: mode });
        expect({ mode, at: `${back.origin}${back.pathname}`, hash: back.hash }).toEqual({
          mode,
          at: 'http://app.example/',
          hash: '',
        });
        expect(Object.fromEntries(back.searchParams), mode).toEqual({
          error: 'invalid_request',
          error_description: 'Only response_mode=query is supported.',
          state: 'state-1',
        });
      }
      const query = await authorizeRedirect({ ...pkce, identity_provider: identityProvider, response_mode: 'query' });
      expect(query.searchParams.get('error')).toBeNull();
    }
    // A return address that is not allowed is answered here, whatever the mode.
    const refused = await t.server.fetch(
      authorizePath({ ...pkce, redirect_uri: 'https://evil.example', response_mode: 'form_post' }),
      {
        redirect: 'manual',
      },
    );
    expect({ status: refused.status, location: refused.headers.get('location') }).toEqual({ status: 400, location: null });
  });

  it('refuses a scope the client does not have', async () => {
    const back = await authorizeRedirect({
      scope: 'openid admin:everything',
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
    });
    expect(back.searchParams.get('error')).toBe('invalid_scope');
  });
});

describe('/oauth2/idpresponse', () => {
  it('finishes a provider sign-in only in the browser that started it: a forwarded return link signs no one in', async () => {
    // Someone starts signing in to the app, signs in at Google as themselves, and stops at
    // the link Google sends them back with, to send it to someone else.
    const pkce = pkcePair();
    const start = authorizePath({ code_challenge: pkce.challenge, code_challenge_method: 'S256' });
    const returned = await browseUntil(t.server, start, (url) => url.pathname === '/cognito/oauth2/idpresponse');
    const link = toServer(t.server, returned.url);
    const opened = await fetch(link, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(opened.status).toBe(400);
    expect(opened.headers.get('location')).toBeNull();
    expect(await opened.text()).toMatch(/started in another browser/);
    // The link is spent: even its own browser cannot finish it now.
    const own = await fetch(link, { redirect: 'manual', headers: { cookie: returned.cookie } });
    expect(own.status).toBe(400);
    expect(own.headers.get('location')).toBeNull();
  });

  it("holds the browser's secret in a cookie only the return path is sent, HttpOnly and SameSite=Lax, cleared on return", async () => {
    const pkce = pkcePair();
    const started = await t.server.fetch(authorizePath({ code_challenge: pkce.challenge, code_challenge_method: 'S256' }), {
      redirect: 'manual',
    });
    const [set = ''] = started.headers.getSetCookie();
    expect(set).toMatch(/^federated_signin_[A-Za-z0-9_-]+=[A-Za-z0-9_-]{43}; /);
    expect(set.split('; ').slice(1)).toEqual(['Path=/cognito/oauth2/idpresponse', 'Max-Age=600', 'HttpOnly', 'SameSite=Lax']);
    const back = await browseUntil(
      t.server,
      authorizePath({ code_challenge: pkce.challenge, code_challenge_method: 'S256' }),
      (url) => url.pathname === '/cognito/oauth2/idpresponse',
    );
    const finished = await fetch(toServer(t.server, back.url), { redirect: 'manual', headers: { cookie: back.cookie } });
    expect(finished.status).toBe(302);
    expect(new URL(finished.headers.get('location') ?? '').searchParams.get('code')).toBeTruthy();
    expect(finished.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^federated_signin_[A-Za-z0-9_-]+=; Path=\/cognito\/oauth2\/idpresponse; Max-Age=0; /),
    ]);
  });
});

describe('/oauth2/token', () => {
  it('refuses a code without its verifier, or with a wrong one', async () => {
    const { code } = await freshCode();
    const base = { grant_type: 'authorization_code', client_id: CLIENT_ID, code, redirect_uri: 'http://app.example' };
    expect(await (await token(base)).json()).toEqual({ error: 'invalid_grant' });
    const second = await freshCode();
    const wrong = await token({ ...base, code: second.code, code_verifier: pkcePair().verifier });
    expect(await wrong.json()).toEqual({ error: 'invalid_grant' });
  });

  it('spends a code on a wrong verifier: whoever caught it gets no second try, and the right verifier then fails too', async () => {
    const { code, verifier } = await freshCode();
    const exchange = { grant_type: 'authorization_code', client_id: CLIENT_ID, code, redirect_uri: 'http://app.example' };
    const guessed = await token({ ...exchange, code_verifier: pkcePair().verifier });
    expect({ status: guessed.status, body: await guessed.json() }).toEqual({ status: 400, body: { error: 'invalid_grant' } });
    const own = await token({ ...exchange, code_verifier: verifier });
    expect({ status: own.status, body: await own.json() }).toEqual({ status: 400, body: { error: 'invalid_grant' } });
  });

  it("refuses another client's exchange of a code (the pool has one client: invalid_client), which stays the app's", async () => {
    const { code, verifier } = await freshCode();
    const exchange = { grant_type: 'authorization_code', code, redirect_uri: 'http://app.example', code_verifier: verifier };
    const stranger = await token({ ...exchange, client_id: 'another-client' });
    expect({ status: stranger.status, body: await stranger.json() }).toEqual({ status: 401, body: { error: 'invalid_client' } });
    expect((await token({ ...exchange, client_id: CLIENT_ID })).status).toBe(200);
  });

  it('refuses a code used twice, and ends the session its first use started (RFC 6749 4.1.2)', async () => {
    const exchange = codeExchange(await freshCode());
    const first = await token(exchange);
    expect(first.status).toBe(200);
    const issued = (await first.json()) as { access_token: string; refresh_token: string };
    const userInfo = () =>
      t.server.fetch('/cognito/oauth2/userInfo', { headers: { authorization: `Bearer ${issued.access_token}` } });
    expect((await userInfo()).status).toBe(200);

    // The code caught on its way (a log, an extension) and exchanged again, by anyone.
    const replay = await token(exchange);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ error: 'invalid_grant' });

    expect((await userInfo()).status).toBe(401);
    const refreshed = await token({ grant_type: 'refresh_token', client_id: CLIENT_ID, refresh_token: issued.refresh_token });
    expect(refreshed.status).toBe(400);
    expect(await refreshed.json()).toEqual({ error: 'invalid_grant' });
  });

  it('tells every cache to keep none of its answers, tokens or errors (RFC 6749 5.1: no-store and Pragma no-cache)', async () => {
    const { code, verifier } = await freshCode();
    const exchange = { grant_type: 'authorization_code', client_id: CLIENT_ID, code, redirect_uri: 'http://app.example' };
    const answers = {
      tokens: await token({ ...exchange, code_verifier: verifier }),
      'a used code': await token({ ...exchange, code_verifier: verifier }),
      'another client': await token({ ...exchange, client_id: 'another-client' }),
      'a malformed request': await token({ client_id: CLIENT_ID }),
    };
    expect(answers.tokens.status).toBe(200);
    for (const [what, response] of Object.entries(answers)) {
      expect(response.headers.get('cache-control'), what).toBe('no-store');
      expect(response.headers.get('pragma'), what).toBe('no-cache');
    }
  });

  it('keeps userInfo, revocation and Cognito API answers (personal data, tokens) out of every cache too', async () => {
    const { code, verifier } = await freshCode();
    const exchange = { grant_type: 'authorization_code', client_id: CLIENT_ID, code, redirect_uri: 'http://app.example' };
    const issued = (await (await token({ ...exchange, code_verifier: verifier })).json()) as {
      access_token: string;
      refresh_token: string;
    };
    const cognito = (operation: string, body: object) => cognitoRequest(t.server.url, operation, body);
    const refresh = {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { REFRESH_TOKEN: issued.refresh_token },
    };
    const answers = {
      userInfo: await t.server.fetch('/cognito/oauth2/userInfo', {
        headers: { authorization: `Bearer ${issued.access_token}` },
      }),
      'userInfo refused': await t.server.fetch('/cognito/oauth2/userInfo', { headers: { authorization: 'Bearer x' } }),
      InitiateAuth: await cognito('InitiateAuth', refresh),
      'GetUser refused': await cognito('GetUser', { AccessToken: 'x' }),
      revoke: await t.server.fetch('/cognito/oauth2/revoke', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: issued.refresh_token, client_id: CLIENT_ID }),
      }),
    };
    for (const what of ['userInfo', 'InitiateAuth', 'revoke'] as const) expect(answers[what].status, what).toBe(200);
    for (const [what, response] of Object.entries(answers)) {
      expect(response.headers.get('cache-control'), what).toBe('no-store');
      expect(response.headers.get('pragma'), what).toBe('no-cache');
    }
  });

  it('refuses a parameter sent twice (RFC 6749 3.2) as invalid_request, whichever copy would be good', async () => {
    const exchange = codeExchange(await freshCode());
    for (const [name, other] of [
      ['code', 'a-code-from-elsewhere'],
      ['code_verifier', pkcePair().verifier],
      ['client_id', 'another-client'],
      ['redirect_uri', 'https://evil.example'],
      ['grant_type', 'refresh_token'],
    ] as const) {
      for (const body of [
        `${name}=${encodeURIComponent(other)}&${new URLSearchParams(exchange)}`,
        `${new URLSearchParams(exchange)}&${name}=${encodeURIComponent(other)}`,
      ]) {
        const response = await t.server.fetch('/cognito/oauth2/token', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        });
        expect({ name, status: response.status, body: await response.json() }).toEqual({
          name,
          status: 400,
          body: { error: 'invalid_request', error_description: expect.stringContaining(name) },
        });
      }
    }
    // Nothing was exchanged: the code still works, once.
    expect((await token(exchange)).status).toBe(200);
  });

  it('answers a body it cannot read (another content type, broken JSON) in the OAuth error format, naming the form it takes', async () => {
    for (const [type, body] of [
      ['application/xml', '<grant_type>refresh_token</grant_type>'],
      ['text/plain', 'grant_type=refresh_token'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="grant_type"\r\n\r\nrefresh_token\r\n--x--',
      ],
      ['application/json', '{"grant_type":'],
    ] as const) {
      for (const path of ['/cognito/oauth2/token', '/cognito/oauth2/revoke']) {
        const response = await t.server.fetch(path, { method: 'POST', headers: { 'content-type': type }, body });
        expect({ type, path, status: response.status, body: await response.json() }).toEqual({
          type,
          path,
          status: type === 'application/json' ? 400 : 415,
          body: { error: 'invalid_request', error_description: expect.stringContaining('application/x-www-form-urlencoded') },
        });
      }
    }
  });

  it('answers a malformed request in the OAuth error format', async () => {
    const response = await token({ client_id: CLIENT_ID });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'invalid_request', error_description: expect.stringContaining('grant_type') });
  });

  it('accepts client_secret_basic with the empty secret of a public client (as oidc-client-ts sends it)', async () => {
    const { code, verifier } = await freshCode();
    const response = await token(
      { grant_type: 'authorization_code', code, redirect_uri: 'http://app.example', code_verifier: verifier },
      { authorization: `Basic ${Buffer.from(`${CLIENT_ID}:`).toString('base64')}` },
    );
    expect(response.status).toBe(200);
    expect(decodeJwt(((await response.json()) as { id_token: string }).id_token).aud).toBe(CLIENT_ID);
  });

  it('refuses a client secret (our client has none), another client, or header and body that disagree', async () => {
    const basic = (id: string, secret: string) => ({
      authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
    });
    const refresh = { grant_type: 'refresh_token', refresh_token: 'whatever' };
    const attempts = [
      token(refresh, basic(CLIENT_ID, 'a-guessed-secret')),
      token({ ...refresh, client_id: CLIENT_ID, client_secret: 'a-guessed-secret' }),
      token(refresh, basic('another-client', '')),
      token({ ...refresh, client_id: 'another-client' }, basic(CLIENT_ID, '')),
      token(refresh),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic/);
      expect(await response.json()).toEqual({ error: 'invalid_client' });
    }
  });

  it('takes the redirect_uri with or without its trailing slash, as /authorize does', async () => {
    const withSlash = await freshCode('http://app.example/');
    const exchanged = await token(codeExchange(withSlash, 'http://app.example'));
    expect(exchanged.status).toBe(200);
    const without = await freshCode('http://app.example');
    const slashed = await token(codeExchange(without, 'http://app.example/'));
    expect(slashed.status).toBe(200);
  });
});

describe('/oauth2/token with refresh token rotation (IDENTITY_REFRESH_TOKEN_ROTATION=on, 10 s grace)', () => {
  let rotating: IdentityTestServer;
  beforeAll(async () => {
    rotating = await startIdentityServer({ IDENTITY_REFRESH_TOKEN_ROTATION: 'on', IDENTITY_REFRESH_TOKEN_GRACE_SECONDS: '10' });
    await rotating.createUser('rotate@example.com');
  });
  afterAll(() => rotating.close());

  const refreshAt = async (refreshToken: string) => {
    const response = await rotating.server.fetch('/cognito/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: CLIENT_ID, refresh_token: refreshToken }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  };

  it('answers a new refresh token each time, as Cognito’s endpoint does; the one given works for the grace, then ends the session', async () => {
    const pending = await signInOnPage(rotating.server, { username: 'rotate@example.com', password: PASSWORD });
    const first = (await (await exchangeCode(rotating.server, pending)).json()) as Record<string, string>;
    const renewed = await refreshAt(first.refresh_token ?? '');
    expect(renewed).toMatchObject({ status: 200, body: { token_type: 'Bearer', refresh_token: expect.any(String) } });
    expect(renewed.body.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(renewed.body.access_token ?? '').origin_jti).toBe(decodeJwt(first.access_token ?? '').origin_jti);
    // A retry within the grace (its answer lost) still works; after it, the token is refused.
    rotating.clock.advance(5000);
    expect((await refreshAt(first.refresh_token ?? '')).status).toBe(200);
    // The new one rotates in turn.
    const next = await refreshAt(renewed.body.refresh_token ?? '');
    expect(next.status).toBe(200);
    expect(next.body.refresh_token).not.toBe(renewed.body.refresh_token);
    // Past its grace, the first is refused, and its use ends the session: the newest goes too.
    rotating.clock.advance(5001);
    expect(await refreshAt(first.refresh_token ?? '')).toEqual({ status: 400, body: { error: 'invalid_grant' } });
    expect(await refreshAt(next.body.refresh_token ?? '')).toEqual({ status: 400, body: { error: 'invalid_grant' } });
  });
});

describe('id tokens', () => {
  it('carry phone_number_verified whenever they carry phone_number', async () => {
    await t.createUser('phone@example.com', { phone_number: '+15555550123' });
    const id = decodeJwt((await t.signIn('phone@example.com')).IdToken);
    expect(id).toMatchObject({ phone_number: '+15555550123', phone_number_verified: false });
    await t.createUser('nophone@example.com');
    expect(decodeJwt((await t.signIn('nophone@example.com')).IdToken)).not.toHaveProperty('phone_number_verified');
  });
});

describe('CORS, as Cognito answers it', () => {
  const FOREIGN = 'https://spa.other.example';
  const oidcPaths = [
    // The endpoint as apps configure it, with and without the slash (amazon-cognito-identity-js posts to it as given).
    '/cognito',
    '/cognito/',
    `/cognito/${POOL_ID}/.well-known/openid-configuration`,
    `/cognito/${POOL_ID}/.well-known/jwks.json`,
    '/cognito/oauth2/token',
    '/cognito/oauth2/userInfo',
    '/cognito/oauth2/revoke',
  ];

  it('answers a preflight from any origin on the identity API and every OIDC endpoint', async () => {
    for (const path of oidcPaths) {
      const response = await t.server.fetch(path, {
        method: 'OPTIONS',
        headers: {
          origin: FOREIGN,
          'access-control-request-method': 'POST',
          'access-control-request-headers':
            'content-type,x-amz-target,x-amz-user-agent,amz-sdk-invocation-id,amz-sdk-request,authorization',
        },
      });
      expect(response.status, path).toBe(204);
      expect(response.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(response.headers.get('access-control-allow-credentials'), path).toBeNull();
      const allowed = (response.headers.get('access-control-allow-headers') ?? '').split(', ');
      expect(allowed).toEqual(
        expect.arrayContaining([
          'content-type',
          'x-amz-target',
          'x-amz-user-agent',
          'cache-control',
          'amz-sdk-invocation-id',
          'amz-sdk-request',
          'authorization',
        ]),
      );
      expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    }
  });

  it('lets a real SDK call with an Origin header read its answer, errors included', async () => {
    const seen: (string | undefined)[] = [];
    const withOrigin = (client: CognitoIdentityProviderClient) => {
      client.middlewareStack.add(
        (next) => async (args) => {
          (args.request as { headers: Record<string, string> }).headers.origin = FOREIGN;
          const result = await next(args);
          seen.push((result.response as { headers: Record<string, string> }).headers['access-control-allow-origin']);
          return result;
        },
        { step: 'finalizeRequest' },
      );
      return client;
    };
    const client = withOrigin(t.client);
    const { AccessToken } = await t.signIn('phone@example.com');
    expect((await client.send(new GetUserCommand({ AccessToken }))).UserAttributes).toBeDefined();
    await expect(client.send(new GetUserCommand({ AccessToken: 'not-a-token' }))).rejects.toThrow();
    expect(seen).toEqual(['*', '*']);
    const discovery = await t.server.fetch(`/cognito/${POOL_ID}/.well-known/openid-configuration`, {
      headers: { origin: FOREIGN },
    });
    expect(discovery.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('adds nothing to the product API', async () => {
    const preflight = await t.server.fetch('/api/config', {
      method: 'OPTIONS',
      headers: { origin: FOREIGN, 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const config = await t.server.fetch('/api/config', { headers: { origin: FOREIGN } });
    expect(config.headers.get('access-control-allow-origin')).toBeNull();
  });
});
