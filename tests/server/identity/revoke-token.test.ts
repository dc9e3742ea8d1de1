import { GetUserCommand, RevokeTokenCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ID, failure, startIdentityServer, type IdentityTestServer } from './support.ts';

let t: IdentityTestServer;
beforeAll(async () => {
  t = await startIdentityServer();
  await t.createUser('ada@example.com');
});
afterAll(() => t.close());

describe('RevokeToken', () => {
  it('revokes one refresh token and the access tokens issued from it, not other sessions', async () => {
    const revoked = await t.signIn('ada@example.com');
    const other = await t.signIn('ada@example.com');
    await t.client.send(new RevokeTokenCommand({ ClientId: CLIENT_ID, Token: revoked.RefreshToken }));
    expect(await failure(t.client.send(new GetUserCommand({ AccessToken: revoked.AccessToken })))).toMatchObject({
      message: 'Access Token has been revoked',
    });
    expect(await failure(t.refresh(revoked.RefreshToken))).toMatchObject({ message: 'Refresh Token has been revoked' });
    await t.client.send(new GetUserCommand({ AccessToken: other.AccessToken }));
  });

  it('refuses an access or id token as Cognito does (only refresh tokens are revoked), leaving the session signed in', async () => {
    const session = await t.signIn('ada@example.com');
    for (const token of [session.AccessToken, session.IdToken]) {
      expect(await failure(t.client.send(new RevokeTokenCommand({ ClientId: CLIENT_ID, Token: token })))).toMatchObject({
        name: 'UnsupportedTokenTypeException',
        message: 'Only a refresh token can be revoked.',
      });
    }
    await t.client.send(new GetUserCommand({ AccessToken: session.AccessToken }));
    expect((await t.refresh(session.RefreshToken)).AuthenticationResult).toHaveProperty('AccessToken');
  });

  it('accepts an unknown token (RFC 7009) but not an unknown client', async () => {
    await t.client.send(new RevokeTokenCommand({ ClientId: CLIENT_ID, Token: 'unknown' }));
    expect(await failure(t.client.send(new RevokeTokenCommand({ ClientId: 'someone-else', Token: 'unknown' })))).toMatchObject({
      name: 'ResourceNotFoundException',
    });
  });
});
