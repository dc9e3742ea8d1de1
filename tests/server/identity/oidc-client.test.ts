import {
  ChangePasswordCommand,
  DeleteUserAttributesCommand,
  DeleteUserCommand,
  GetUserAttributeVerificationCodeCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asGoogle, startOpenIdStandIn, type OpenIdStandIn } from '../../support/openid-stand-in.ts';
import { browseHostedSignIn, exchangeCode, signInOnPage, toServer } from '../../support/hosted-browser.ts';
import { askForCode, CLIENT_ID, failure, PASSWORD, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

/**
 * openid-client (v6) drives the pool's OIDC endpoints exactly as a back end written for
 * Cognito would: discovery, the code flow with PKCE and nonce (through a local oidc-provider
 * standing in for Google), refresh, userinfo and revocation.
 */
let t: IdentityTestServer;
let upstream: OpenIdStandIn;
let config: oidc.Configuration;

beforeAll(async () => {
  upstream = await startOpenIdStandIn({
    accounts: { 'g-oidc': { email: 'oidc.user@example.com', email_verified: true, given_name: 'Olive' } },
    nextLogin: () => ({ accountId: 'g-oidc' }),
  });
  t = await startIdentityServer({
    ...asGoogle(upstream),
    IDENTITY_ALLOWED_REDIRECT_URIS: 'http://app.example/callback',
  });
  upstream.accept(`${t.server.config.publicUrl}/cognito/oauth2/idpresponse`);
  // The issuer names the configured public URL; requests go to where the test server listens.
  const throughServer: oidc.CustomFetch = (url, options) => fetch(toServer(t.server, url), options as RequestInit);
  config = await oidc.discovery(new URL(`${t.server.config.publicUrl}/cognito/${POOL_ID}`), CLIENT_ID, undefined, oidc.None(), {
    execute: [oidc.allowInsecureRequests],
    [oidc.customFetch]: throughServer,
  });
  config[oidc.customFetch] = throughServer;
});
afterAll(async () => {
  await t.close();
  await upstream.close();
});

/** A whole code flow as openid-client builds it; `scope` as the app asks. */
async function codeFlow(scope: string, state = oidc.randomState()) {
  const verifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  const authorize = oidc.buildAuthorizationUrl(config, {
    redirect_uri: 'http://app.example/callback',
    scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    identity_provider: 'Google',
  });
  const back = await browseHostedSignIn(t.server, toServer(t.server, authorize));
  const openId = scope.split(' ').includes('openid');
  const tokens = await oidc.authorizationCodeGrant(config, back, {
    pkceCodeVerifier: verifier,
    expectedState: state,
    ...(openId ? { expectedNonce: nonce, idTokenExpected: true } : {}),
  });
  return { tokens, nonce };
}

describe('openid-client against the pool', () => {
  it('discovers the endpoints the pool serves', () => {
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(`${t.server.config.publicUrl}/cognito/${POOL_ID}`);
    expect(metadata.revocation_endpoint).toBe(`${t.server.config.publicUrl}/cognito/oauth2/revoke`);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('code flow with PKCE and nonce: the nonce comes back in the id token, the scope is what was asked', async () => {
    const { tokens, nonce } = await codeFlow('openid email profile');
    expect(tokens.claims()).toMatchObject({ nonce, email: 'oidc.user@example.com', aud: CLIENT_ID });
    expect(decodeJwt(tokens.access_token).scope).toBe('openid email profile');
  });

  it('sends back a long state of any characters, through Google, exactly as the app sent it', async () => {
    const odd = `"<>&'%20+ =?#/\\é✓😀\t`;
    const state = odd.repeat(Math.ceil(1024 / odd.length)).slice(0, 1024);
    // openid-client refuses the answer unless its state is the one sent.
    const { tokens } = await codeFlow('openid email', state);
    expect(tokens.claims()?.email).toBe('oidc.user@example.com');
  });

  it('grants aws.cognito.signin.user.admin only when asked', async () => {
    const { tokens } = await codeFlow('openid aws.cognito.signin.user.admin');
    expect(decodeJwt(tokens.access_token).scope).toBe('openid aws.cognito.signin.user.admin');
  });

  it('an access token without aws.cognito.signin.user.admin reads no account through the user API and changes none', async () => {
    const { tokens } = await codeFlow('openid email profile');
    const AccessToken = tokens.access_token;
    const refused = { name: 'NotAuthorizedException', message: 'Access Token does not have required scopes' };
    const calls = [
      new GetUserCommand({ AccessToken }),
      new UpdateUserAttributesCommand({ AccessToken, UserAttributes: [{ Name: 'given_name', Value: 'Mallory' }] }),
      new DeleteUserAttributesCommand({ AccessToken, UserAttributeNames: ['given_name'] }),
      new GetUserAttributeVerificationCodeCommand({ AccessToken, AttributeName: 'email' }),
      new VerifyUserAttributeCommand({ AccessToken, AttributeName: 'email', Code: '123456' }),
      new ChangePasswordCommand({ AccessToken, PreviousPassword: 'Whatever-1', ProposedPassword: 'Mallory-Pass-1' }),
      new GlobalSignOutCommand({ AccessToken }),
      new DeleteUserCommand({ AccessToken }),
    ];
    // The SDK's commands have no common send() overload; each is sent as the app would.
    for (const command of calls) expect(await failure(t.client.send(command as GetUserCommand))).toMatchObject(refused);
    // Nothing changed, and the session still works where its scope reaches (userinfo).
    const { tokens: full } = await codeFlow('openid aws.cognito.signin.user.admin');
    const user = await t.client.send(new GetUserCommand({ AccessToken: full.access_token }));
    expect(user.UserAttributes).toContainEqual({ Name: 'given_name', Value: 'Olive' });
    expect(await oidc.fetchUserInfo(config, AccessToken, tokens.claims()?.sub ?? '')).toMatchObject({ given_name: 'Olive' });
  });

  it('userinfo answers what the scope reaches, and only to a token with openid', async () => {
    await t.server.app.database.db
      .updateTable('identity_users')
      .set({ phone_number: '+447700900123', attributes: JSON.stringify({ locale: 'en-GB' }) })
      .where('email', '=', 'oidc.user@example.com')
      .execute();
    const infoFor = async (scope: string) => {
      const { tokens } = await codeFlow(scope);
      return oidc.fetchUserInfo(config, tokens.access_token, tokens.claims()?.sub ?? '');
    };
    // openid alone: every attribute.
    expect(await infoFor('openid')).toMatchObject({
      email: 'oidc.user@example.com',
      given_name: 'Olive',
      phone_number: '+447700900123',
      locale: 'en-GB',
    });
    const email = await infoFor('openid email');
    expect(email).toMatchObject({ email: 'oidc.user@example.com', email_verified: 'true' });
    expect(email).not.toHaveProperty('given_name');
    expect(email).not.toHaveProperty('phone_number');
    const profile = await infoFor('openid profile');
    expect(profile).toMatchObject({ given_name: 'Olive', locale: 'en-GB' });
    expect(profile).not.toHaveProperty('email');
    expect(profile).not.toHaveProperty('phone_number');
    expect(await infoFor('openid phone')).toMatchObject({ phone_number: '+447700900123' });
    // A token of the sign-in API (aws.cognito.signin.user.admin alone) is not an OpenID token.
    const { tokens } = await codeFlow('aws.cognito.signin.user.admin');
    const refused = await t.server.fetch('/cognito/oauth2/userInfo', {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(refused.status).toBe(403);
  });

  it('issues an id token only when openid is asked for, at the code exchange and at refresh, as Cognito does', async () => {
    const { tokens } = await codeFlow('aws.cognito.signin.user.admin');
    expect(tokens.id_token).toBeUndefined();
    expect(decodeJwt(tokens.access_token).scope).toBe('aws.cognito.signin.user.admin');
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token ?? '');
    expect(refreshed.id_token).toBeUndefined();
    const { tokens: withOpenId } = await codeFlow('openid');
    expect((await oidc.refreshTokenGrant(config, withOpenId.refresh_token ?? '')).id_token).toBeTruthy();
  });

  it('refreshes (same scope), reads userinfo, and a revoked refresh token stops refreshing', async () => {
    const { tokens } = await codeFlow('openid email');
    const refreshToken = tokens.refresh_token ?? '';
    const refreshed = await oidc.refreshTokenGrant(config, refreshToken);
    expect(decodeJwt(refreshed.access_token).scope).toBe('openid email');
    const claims = tokens.claims();
    const info = await oidc.fetchUserInfo(config, refreshed.access_token, claims?.sub ?? '');
    expect(info).toMatchObject({ email: 'oidc.user@example.com', email_verified: 'true' });

    // An access token is not revoked, as at Cognito's endpoint: RFC 7009's unsupported_token_type.
    await expect(oidc.tokenRevocation(config, refreshed.access_token)).rejects.toMatchObject({
      error: 'unsupported_token_type',
      status: 400,
    });
    await oidc.tokenRevocation(config, refreshToken, { token_type_hint: 'refresh_token' });
    await expect(oidc.refreshTokenGrant(config, refreshToken)).rejects.toMatchObject({ error: 'invalid_grant' });
    // The access tokens issued from the session end with it.
    await expect(oidc.fetchUserInfo(config, refreshed.access_token, claims?.sub ?? '')).rejects.toThrow();
    // Revoking again, or a token the pool never issued, is still a 200 (RFC 7009).
    await oidc.tokenRevocation(config, refreshToken);
    await oidc.tokenRevocation(config, 'never-issued');
  });
});

describe('signing out as openid-client does it (OIDC RP-Initiated Logout at the end_session_endpoint)', () => {
  it('forgets the browser and sends it to post_logout_redirect_uri with the state, a registered address only', async () => {
    await t.createUser('rp.logout@example.com');
    const signedIn = await signInOnPage(t.server, {
      username: 'rp.logout@example.com',
      password: PASSWORD,
      redirectUri: 'http://app.example/callback',
    });
    const { id_token: idToken } = (await (await exchangeCode(t.server, signedIn)).json()) as { id_token: string };
    const signOut = (postLogoutRedirectUri: string) =>
      fetch(
        toServer(
          t.server,
          oidc.buildEndSessionUrl(config, {
            id_token_hint: idToken,
            post_logout_redirect_uri: postLogoutRedirectUri,
            state: 'logout-state-1',
          }),
        ),
        { redirect: 'manual', headers: { cookie: signedIn.session } },
      );
    const elsewhere = await signOut('https://evil.example/signed-out');
    expect({ status: elsewhere.status, location: elsewhere.headers.get('location') }).toEqual({ status: 400, location: null });
    expect(elsewhere.headers.getSetCookie()).toEqual([]);

    const signedOut = await signOut('http://app.example/callback');
    expect({ status: signedOut.status, location: signedOut.headers.get('location') }).toEqual({
      status: 302,
      location: 'http://app.example/callback?state=logout-state-1',
    });
    expect(signedOut.headers.getSetCookie()[0]).toMatch(/^hosted_session=; .*Max-Age=0/);
    // The browser is forgotten: a new request with its cookie goes to the sign-in page.
    const authorize = oidc.buildAuthorizationUrl(config, {
      redirect_uri: 'http://app.example/callback',
      scope: 'openid',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const again = await fetch(toServer(t.server, authorize), { redirect: 'manual', headers: { cookie: signedIn.session } });
    expect(new URL(again.headers.get('location') ?? '').pathname).toBe('/cognito/login');
  });
});

describe('the registered redirect URI (http://app.example/callback), matched exactly', () => {
  it('refuses any other address at /oauth2/authorize and /logout, answering here and sending the browser nowhere', async () => {
    const lookalikes = [
      'http://app.example/callback/',
      'http://app.example/callback/x',
      'http://app.example/callbackx',
      'http://app.example/Callback',
      'http://app.example/callback?next=x',
      'http://app.example/callback#x',
      'http://app.example/callback/../callback',
      'http://app.example/callback%2F',
      'http://app.example:8080/callback',
      'http://app.example.evil.example/callback',
      'http://app.example@evil.example/callback',
      'https://app.example/callback',
    ];
    for (const uri of lookalikes) {
      const authorize = await askForCode(t, uri);
      expect({ uri, status: authorize.status, location: authorize.headers.get('location') }).toEqual({
        uri,
        status: 400,
        location: null,
      });
      const logout = await t.server.fetch(`/cognito/logout?${new URLSearchParams({ client_id: CLIENT_ID, logout_uri: uri })}`, {
        redirect: 'manual',
      });
      expect({ uri, status: logout.status, location: logout.headers.get('location') }).toEqual({
        uri,
        status: 400,
        location: null,
      });
    }
  });
});
