import {
  AdminInitiateAuthCommand,
  DescribeUserPoolClientCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ID, failure, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

const refreshWith = (t: IdentityTestServer, RefreshToken: string, ClientId = CLIENT_ID) =>
  t.client.send(new GetTokensFromRefreshTokenCommand({ ClientId, RefreshToken }));

describe('GetTokensFromRefreshToken without rotation (the default)', () => {
  let t: IdentityTestServer;
  beforeAll(async () => {
    t = await startIdentityServer();
    await t.createUser('ada@example.com');
  });
  afterAll(() => t.close());

  it('answers new access and id tokens of the same session, and no new refresh token', async () => {
    const tokens = await t.signIn('ada@example.com');
    t.clock.advance(1000);
    const { AuthenticationResult: result } = await refreshWith(t, tokens.RefreshToken);
    expect(result).toMatchObject({ ExpiresIn: 3600, TokenType: 'Bearer' });
    expect(result?.RefreshToken).toBeUndefined();
    expect(decodeJwt(result?.AccessToken ?? '').origin_jti).toBe(decodeJwt(tokens.AccessToken).origin_jti);
    expect(decodeJwt(result?.IdToken ?? '')).toMatchObject({ email: 'ada@example.com' });
    // The refresh token keeps working.
    expect((await refreshWith(t, tokens.RefreshToken)).AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it("answers Cognito's errors for an unknown, a revoked and another client's token", async () => {
    expect(await failure(refreshWith(t, 'not-a-token'))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Invalid Refresh Token',
      status: 400,
    });
    const tokens = await t.signIn('ada@example.com');
    expect(await failure(refreshWith(t, tokens.RefreshToken, 'another-client'))).toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'User pool client another-client does not exist.',
    });
    await t.client.send(new RevokeTokenCommand({ ClientId: CLIENT_ID, Token: tokens.RefreshToken }));
    expect(await failure(refreshWith(t, tokens.RefreshToken))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Refresh Token has been revoked',
    });
  });
});

describe('GetTokensFromRefreshToken with rotation (IDENTITY_REFRESH_TOKEN_ROTATION=on, 10 s grace)', () => {
  let t: IdentityTestServer;
  beforeAll(async () => {
    t = await startIdentityServer({ IDENTITY_REFRESH_TOKEN_ROTATION: 'on', IDENTITY_REFRESH_TOKEN_GRACE_SECONDS: '10' });
    await t.createUser('ada@example.com');
  });
  afterAll(() => t.close());

  it('answers a new refresh token each time; the one given works for the grace, then no more', async () => {
    const tokens = await t.signIn('ada@example.com');
    const first = (await refreshWith(t, tokens.RefreshToken)).AuthenticationResult;
    expect(first?.RefreshToken).toBeTruthy();
    expect(first?.RefreshToken).not.toBe(tokens.RefreshToken);
    // A retry within the grace (its answer lost) still works, and does not extend the grace.
    t.clock.advance(5000);
    expect((await refreshWith(t, tokens.RefreshToken)).AuthenticationResult?.AccessToken).toBeTruthy();
    // The rotated token rotates in turn, within the same session.
    const second = (await refreshWith(t, first?.RefreshToken ?? '')).AuthenticationResult;
    expect(decodeJwt(second?.AccessToken ?? '').origin_jti).toBe(decodeJwt(tokens.AccessToken).origin_jti);
    t.clock.advance(5001);
    // Past its grace, the first token is refused; the newest works on.
    expect((await refreshWith(t, second?.RefreshToken ?? '')).AuthenticationResult?.RefreshToken).toBeTruthy();
    // Only hashes are stored.
    const stored = await t.server.app.database.db.selectFrom('identity_rotated_refresh_tokens').selectAll().execute();
    expect(stored.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(stored)).not.toContain(second?.RefreshToken);
  });

  it('a retired refresh token sent again past its grace ends the session: its newest refresh token and access tokens stop working', async () => {
    const tokens = await t.signIn('ada@example.com');
    const elsewhere = await t.signIn('ada@example.com');
    const rotated = (await refreshWith(t, tokens.RefreshToken)).AuthenticationResult;
    t.clock.advance(10_001);
    // Two holders of one session's tokens: the app and whoever copied its refresh token. The
    // server cannot tell which sent the retired token, so neither keeps the session. The
    // exception is the one Cognito documents for a token rotation invalidated, which Amplify v6
    // tells apart (it throws it from fetchAuthSession, where NotAuthorizedException quietly
    // answers no tokens).
    expect(await failure(refreshWith(t, tokens.RefreshToken))).toMatchObject({
      name: 'RefreshTokenReuseException',
      status: 400,
    });
    expect(await failure(refreshWith(t, rotated?.RefreshToken ?? ''))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Refresh Token has been revoked',
    });
    expect(await failure(t.client.send(new GetUserCommand({ AccessToken: rotated?.AccessToken })))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
    // The user's other sessions go on.
    expect((await refreshWith(t, elsewhere.RefreshToken)).AuthenticationResult?.RefreshToken).toBeTruthy();
  });

  it('RevokeToken with a rotated token ends the whole session: every refresh token and the access tokens', async () => {
    const tokens = await t.signIn('ada@example.com');
    const rotated = (await refreshWith(t, tokens.RefreshToken)).AuthenticationResult;
    const newest = (await refreshWith(t, rotated?.RefreshToken ?? '')).AuthenticationResult;
    await t.client.send(new RevokeTokenCommand({ ClientId: CLIENT_ID, Token: rotated?.RefreshToken ?? '' }));
    for (const token of [tokens.RefreshToken, rotated?.RefreshToken ?? '', newest?.RefreshToken ?? '']) {
      expect(await failure(refreshWith(t, token))).toMatchObject({ message: 'Refresh Token has been revoked' });
    }
    expect(await failure(t.client.send(new GetUserCommand({ AccessToken: newest?.AccessToken })))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
  });

  it('refuses REFRESH_TOKEN_AUTH and REFRESH_TOKEN, at InitiateAuth and AdminInitiateAuth, as Cognito does with rotation', async () => {
    const tokens = await t.signIn('ada@example.com');
    const refused = (flow: string) => ({
      name: 'InvalidParameterException',
      message: `${flow} flow not enabled for this client: refresh token rotation is on, so refresh with GetTokensFromRefreshToken.`,
    });
    const AuthParameters = { REFRESH_TOKEN: tokens.RefreshToken };
    for (const AuthFlow of ['REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN'] as const) {
      expect(
        await failure(t.client.send(new InitiateAuthCommand({ ClientId: CLIENT_ID, AuthFlow, AuthParameters }))),
      ).toMatchObject(refused(AuthFlow));
      expect(
        await failure(
          t.admin.send(new AdminInitiateAuthCommand({ UserPoolId: POOL_ID, ClientId: CLIENT_ID, AuthFlow, AuthParameters })),
        ),
      ).toMatchObject(refused(AuthFlow));
    }
    // The session goes on, through GetTokensFromRefreshToken.
    expect((await refreshWith(t, tokens.RefreshToken)).AuthenticationResult?.RefreshToken).toBeTruthy();
  });

  it('DescribeUserPoolClient tells: rotation enabled with its grace, and no ALLOW_REFRESH_TOKEN_AUTH', async () => {
    const { UserPoolClient: client } = await t.admin.send(
      new DescribeUserPoolClientCommand({ UserPoolId: POOL_ID, ClientId: CLIENT_ID }),
    );
    expect(client?.RefreshTokenRotation).toEqual({ Feature: 'ENABLED', RetryGracePeriodSeconds: 10 });
    expect(client?.ExplicitAuthFlows).not.toContain('ALLOW_REFRESH_TOKEN_AUTH');
    expect(client?.ExplicitAuthFlows).toContain('ALLOW_USER_SRP_AUTH');
  });
});
