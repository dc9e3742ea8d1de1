import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeCode, signInOnPage, toServer } from '../../support/hosted-browser.ts';
import { CLIENT_ID, PASSWORD, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

/**
 * /oauth2/userInfo as a protected resource (RFC 6750 3, OIDC Core 5.3.3): what a client that
 * sends no token, a malformed one, an expired, revoked or too narrow one reads back, in the
 * WWW-Authenticate challenge that OIDC libraries act on.
 */
let t: IdentityTestServer;

beforeAll(async () => {
  t = await startIdentityServer();
  await t.createUser('userinfo@example.com');
});
afterAll(() => t.close());

/** Tokens from a hosted sign-in on the pool's page, with `scope`. */
async function tokensFor(scope: string) {
  const signedIn = await signInOnPage(t.server, { username: 'userinfo@example.com', password: PASSWORD, scope });
  return (await (await exchangeCode(t.server, signedIn)).json()) as { access_token: string; refresh_token: string };
}

async function userInfo(authorization?: string) {
  const response = await t.server.fetch('/cognito/oauth2/userInfo', {
    headers: authorization === undefined ? {} : { authorization },
  });
  return {
    status: response.status,
    challenge: response.headers.get('www-authenticate'),
    body: (await response.json()) as unknown,
  };
}

const INVALID_TOKEN = {
  status: 401,
  challenge: expect.stringMatching(/^Bearer error="invalid_token", error_description="[^"\\]+"$/),
  body: { error: 'invalid_token', error_description: expect.any(String) },
};

describe('/oauth2/userInfo refusals (RFC 6750 3)', () => {
  it('asks for a bearer token, with no error code, when the request carries none (or another scheme)', async () => {
    for (const authorization of [undefined, `Basic ${Buffer.from(`${CLIENT_ID}:`).toString('base64')}`]) {
      expect(await userInfo(authorization), String(authorization)).toEqual({
        status: 401,
        challenge: 'Bearer',
        body: { message: expect.any(String) },
      });
    }
  });

  it('answers invalid_token to a malformed, expired or revoked token', async () => {
    expect(await userInfo('Bearer not-a-token'), 'malformed').toEqual(INVALID_TOKEN);
    expect(await userInfo('Bearer a.b.c'), 'not a JWT of ours').toEqual(INVALID_TOKEN);

    const revoked = await tokensFor('openid');
    expect((await userInfo(`Bearer ${revoked.access_token}`)).status).toBe(200);
    const revocation = await t.server.fetch('/cognito/oauth2/revoke', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: revoked.refresh_token, client_id: CLIENT_ID }),
    });
    expect(revocation.status).toBe(200);
    expect(await userInfo(`Bearer ${revoked.access_token}`), 'revoked').toEqual(INVALID_TOKEN);

    const expiring = await tokensFor('openid');
    t.clock.advance(3601_000);
    expect(await userInfo(`Bearer ${expiring.access_token}`), 'expired').toEqual(INVALID_TOKEN);
  });

  it('answers insufficient_scope (403, naming openid) to a valid token without openid', async () => {
    const { access_token: accessToken } = await tokensFor('aws.cognito.signin.user.admin');
    expect(await userInfo(`Bearer ${accessToken}`)).toEqual({
      status: 403,
      challenge:
        'Bearer error="insufficient_scope", error_description="Access token does not contain openid scope", scope="openid"',
      body: { error: 'insufficient_scope', error_description: expect.any(String) },
    });
  });

  it('reads the scheme case-insensitively (RFC 7235): "bearer" works as "Bearer"', async () => {
    const { access_token: accessToken } = await tokensFor('openid email');
    const answer = await userInfo(`bearer ${accessToken}`);
    expect(answer).toMatchObject({ status: 200, body: { email: 'userinfo@example.com' } });
  });

  it('gives openid-client the challenge it reads (WWWAuthenticateChallengeError) for a revoked token', async () => {
    // The issuer names the configured public URL; requests go to where the test server listens.
    const throughServer: oidc.CustomFetch = (url, options) => fetch(toServer(t.server, url), options as RequestInit);
    const config = await oidc.discovery(
      new URL(`${t.server.config.publicUrl}/cognito/${POOL_ID}`),
      CLIENT_ID,
      undefined,
      oidc.None(),
      {
        execute: [oidc.allowInsecureRequests],
        [oidc.customFetch]: throughServer,
      },
    );
    config[oidc.customFetch] = throughServer;
    const tokens = await tokensFor('openid');
    await t.server.fetch('/cognito/oauth2/revoke', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.refresh_token, client_id: CLIENT_ID }),
    });
    const refused = await oidc.fetchUserInfo(config, tokens.access_token, oidc.skipSubjectCheck).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(oidc.WWWAuthenticateChallengeError);
    expect((refused as oidc.WWWAuthenticateChallengeError).cause[0]).toMatchObject({
      scheme: 'bearer',
      parameters: { error: 'invalid_token' },
    });
  });
});
