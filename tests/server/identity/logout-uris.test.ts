import { DescribeUserPoolClientCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askForCode, CLIENT_ID, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

/**
 * Sign-out addresses listed apart from the sign-in callbacks, as Cognito's client has
 * LogoutURLs beside CallbackURLs: a page an app signs out to is no place to send a sign-in's code.
 */
const CALLBACK = 'http://app.example/callback';
const SIGNED_OUT = 'http://app.example/signed-out';
let t: IdentityTestServer;

beforeAll(async () => {
  t = await startIdentityServer({ IDENTITY_ALLOWED_REDIRECT_URIS: CALLBACK, IDENTITY_ALLOWED_LOGOUT_URIS: SIGNED_OUT });
});
afterAll(async () => t.close());

const logout = (logoutUri: string) =>
  t.server.fetch(`/cognito/logout?${new URLSearchParams({ client_id: CLIENT_ID, logout_uri: logoutUri })}`, {
    redirect: 'manual',
  });

const authorize = (redirectUri: string) => askForCode(t, redirectUri);

describe('IDENTITY_ALLOWED_LOGOUT_URIS', () => {
  it('/logout sends the browser to a listed sign-out address only, not to a sign-in callback', async () => {
    const out = await logout(SIGNED_OUT);
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe(SIGNED_OUT);
    const toCallback = await logout(CALLBACK);
    expect({ status: toCallback.status, location: toCallback.headers.get('location') }).toEqual({ status: 400, location: null });
  });

  it('/oauth2/authorize sends no code to a sign-out address', async () => {
    const toSignedOut = await authorize(SIGNED_OUT);
    expect({ status: toSignedOut.status, location: toSignedOut.headers.get('location') }).toEqual({
      status: 400,
      location: null,
    });
    expect((await authorize(CALLBACK)).status).toBe(302);
  });

  it('DescribeUserPoolClient lists them as LogoutURLs, apart from the CallbackURLs', async () => {
    const { UserPoolClient: client } = await t.admin.send(
      new DescribeUserPoolClientCommand({ UserPoolId: POOL_ID, ClientId: CLIENT_ID }),
    );
    expect(client).toMatchObject({ CallbackURLs: [CALLBACK], LogoutURLs: [SIGNED_OUT] });
  });
});
