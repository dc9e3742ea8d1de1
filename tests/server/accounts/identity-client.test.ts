import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityClient } from '../../../src-shared/api/identity/client.ts';
import type { TabStorage } from '../../../src-shared/api/identity/hosted-sign-in.ts';
import { IdentityError, type IdentityClient } from '../../../src-shared/api/identity/types.ts';
import { decodeJwtPayload } from '../../../src-shared/domain/accounts/user.ts';
import { PASSWORD, startIdentityServer, type IdentityTestServer } from '../identity/support.ts';

/** The browser's identity client (the real AWS SDK) against the real embedded service, configured from /api/config. */
let t: IdentityTestServer;
let client: IdentityClient;
/** The tab's sessionStorage, as a map (Node has none). */
const tab = new Map<string, string>();
const tabStorage: TabStorage = {
  getItem: (key) => tab.get(key) ?? null,
  setItem: (key, value) => void tab.set(key, value),
  removeItem: (key) => void tab.delete(key),
};
/** The browser's client for `server`, configured from its /api/config. */
async function browserClientOf(server: IdentityTestServer): Promise<IdentityClient> {
  const config = (await (await server.server.fetch('/api/config')).json()) as {
    identity: Parameters<typeof createIdentityClient>[0];
  };
  // The test server's public URL names port 0 (it was configured before listening): point at the real port.
  return createIdentityClient(
    {
      ...config.identity,
      endpoint: `${server.server.url}/cognito`,
      hostedDomain: `${server.server.url}/cognito`,
    },
    fetch,
    () => tabStorage,
  );
}
beforeAll(async () => {
  t = await startIdentityServer();
  client = await browserClientOf(t);
});
afterAll(() => t.close());

const caught = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
};

describe('identity client over the real SDK', () => {
  it('signs up, confirms with the mailed code, signs in and reads the user', async () => {
    await client.signUp({
      email: 'ada@example.com',
      password: 'Engine-1843!',
      givenName: 'Ada',
      familyName: 'Lovelace',
      phoneNumber: '+15551234567',
    });
    await client.confirmSignUp('ada@example.com', await t.latestCode('ada@example.com'));
    const tokens = await client.signIn('ada@example.com', 'Engine-1843!');
    expect(decodeJwtPayload(tokens.idToken)).toMatchObject({ email: 'ada@example.com', given_name: 'Ada', email_verified: true });
    expect(await client.getUser(tokens.accessToken)).toMatchObject({
      email: 'ada@example.com',
      phone_number: '+15551234567',
      email_verified: 'true',
    });
  });

  it("carries Cognito's error name and message", async () => {
    const error = await caught(client.signIn('ada@example.com', 'wrong-Password-1!'));
    expect(error).toBeInstanceOf(IdentityError);
    expect(error).toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    expect(
      await caught(client.signUp({ email: 'grace@example.com', password: 'Engine1843', givenName: 'G', familyName: 'H' })),
    ).toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password must have symbol characters',
    });
  });

  it('renews, keeping the refresh token (rotation off), and stops after revocation', async () => {
    const tokens = await client.signIn('ada@example.com', 'Engine-1843!');
    const renewed = await client.refresh(tokens.refreshToken);
    expect(renewed.refreshToken).toBe(tokens.refreshToken);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    await client.revokeToken(tokens.refreshToken);
    expect(await caught(client.refresh(tokens.refreshToken))).toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('changes the email with a code, and resets a forgotten password', async () => {
    const tokens = await client.signIn('ada@example.com', 'Engine-1843!');
    await client.updateUserAttributes(tokens.accessToken, { email: 'augusta@example.com', given_name: 'Augusta' });
    await client.verifyUserAttribute(tokens.accessToken, 'email', await t.latestCode('augusta@example.com'));
    await client.forgotPassword('augusta@example.com');
    await client.confirmForgotPassword('augusta@example.com', await t.latestCode('augusta@example.com'), 'Analytical-1843!');
    const again = await client.signIn('augusta@example.com', 'Analytical-1843!');
    expect(await client.getUser(again.accessToken)).toMatchObject({ email: 'augusta@example.com', given_name: 'Augusta' });
  });

  it('builds the hosted authorize address with Cognito’s parameters, a random state and an S256 challenge', async () => {
    const url = new URL(await client.authorizeUrl('Google', 'https://app.example'));
    expect(url.pathname).toBe('/cognito/oauth2/authorize');
    const { state, code_challenge, ...spec } = Object.fromEntries(url.searchParams);
    expect(spec).toEqual({
      identity_provider: 'Google',
      redirect_uri: 'https://app.example',
      response_type: 'code',
      client_id: 'hireassist-local-client',
      scope: 'openid email profile aws.cognito.signin.user.admin',
      code_challenge_method: 'S256',
    });
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The verifier stays in the tab: it never travels through the browser's address bar.
    const stored = JSON.parse([...tab.values()][0] ?? '{}') as { state: string; verifier: string };
    expect(stored.state).toBe(state);
    expect(url.href).not.toContain(stored.verifier);
    expect(createHash('sha256').update(stored.verifier).digest('base64url')).toBe(code_challenge);
    const again = new URL(await client.authorizeUrl('Google', 'https://app.example'));
    expect(again.searchParams.get('state')).not.toBe(state);
  });

  it('refuses a callback whose state this tab did not send, before any exchange', async () => {
    await client.authorizeUrl('Google', 'https://app.example');
    const refused = await caught(client.exchangeCode('a-code', 'someone-elses-state', 'https://app.example'));
    expect(refused).toMatchObject({ name: 'OAuthStateMismatch' });
    // The pending sign-in is used up: even its own state does not work twice.
    expect(await caught(client.exchangeCode('a-code', null, 'https://app.example'))).toMatchObject({
      name: 'OAuthStateMismatch',
    });
  });

  it('turns a refused code exchange into an IdentityError', async () => {
    const state = new URL(await client.authorizeUrl('Google', 'https://app.example')).searchParams.get('state');
    const refused = await caught(client.exchangeCode('not-a-code', state, 'https://app.example'));
    expect(refused).toBeInstanceOf(IdentityError);
    expect(refused).toMatchObject({ name: 'invalid_grant' });
  });
});

describe('identity client with refresh token rotation on (IDENTITY_REFRESH_TOKEN_ROTATION=on)', () => {
  let rotating: IdentityTestServer;
  let rotatingClient: IdentityClient;
  beforeAll(async () => {
    rotating = await startIdentityServer({ IDENTITY_REFRESH_TOKEN_ROTATION: 'on', IDENTITY_REFRESH_TOKEN_GRACE_SECONDS: '10' });
    rotatingClient = await browserClientOf(rotating);
    await rotating.createUser('grace@example.com');
  });
  afterAll(() => rotating.close());

  it('renews with the new refresh token it is given; the one it gave, sent after the grace, ends the session', async () => {
    const tokens = await rotatingClient.signIn('grace@example.com', PASSWORD);
    const renewed = await rotatingClient.refresh(tokens.refreshToken);
    expect(renewed.refreshToken).not.toBe(tokens.refreshToken);
    const again = await rotatingClient.refresh(renewed.refreshToken);
    expect(decodeJwtPayload(again.idToken)).toMatchObject({ email: 'grace@example.com' });
    rotating.clock.advance(10_001);
    expect(await caught(rotatingClient.refresh(tokens.refreshToken))).toMatchObject({
      name: 'RefreshTokenReuseException',
      transient: false,
    });
    expect(await caught(rotatingClient.refresh(again.refreshToken ?? ''))).toMatchObject({
      name: 'NotAuthorizedException',
      transient: false,
    });
  });
});
