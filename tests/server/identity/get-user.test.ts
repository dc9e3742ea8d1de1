import { GetUserCommand, GlobalSignOutCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, startIdentityServer, type IdentityTestServer } from './support.ts';

let t: IdentityTestServer;
beforeAll(async () => {
  t = await startIdentityServer();
  await t.createUser('ada@example.com', { given_name: 'Ada', family_name: 'Lovelace' });
});
afterAll(() => t.close());

const getUser = (AccessToken: string) => t.client.send(new GetUserCommand({ AccessToken }));

describe('GetUser', () => {
  it("returns the username and attributes, email_verified as the string 'true'", async () => {
    const { AccessToken } = await t.signIn('ada@example.com');
    const result = await getUser(AccessToken);
    const attributes = Object.fromEntries((result.UserAttributes ?? []).map(({ Name, Value }) => [Name, Value]));
    expect(result.Username).toBe(attributes.sub);
    expect(attributes).toEqual({
      sub: expect.any(String),
      email: 'ada@example.com',
      email_verified: 'true',
      given_name: 'Ada',
      family_name: 'Lovelace',
    });
  });

  it('refuses a token with a forged signature or payload, and an id token', async () => {
    const { AccessToken, IdToken } = await t.signIn('ada@example.com');
    const [header, payload, signature] = AccessToken.split('.') as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), username: 'someone-else' }),
    ).toString('base64url');
    for (const token of [
      `${header}.${forged}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -4)}AAAA`,
      IdToken,
      'garbage',
    ]) {
      expect(await failure(getUser(token))).toMatchObject({ name: 'NotAuthorizedException', message: 'Invalid Access Token' });
    }
  });

  it('refuses a token after its hour, also one it has already accepted (its check is remembered)', async () => {
    const { AccessToken } = await t.signIn('ada@example.com');
    await getUser(AccessToken);
    t.clock.advance(3600 * 1000 + 1000);
    expect(await failure(getUser(AccessToken))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Access Token has expired',
    });
  });

  it('refuses a token whose session was signed out', async () => {
    const { AccessToken } = await t.signIn('ada@example.com');
    await getUser(AccessToken);
    await t.client.send(new GlobalSignOutCommand({ AccessToken }));
    expect(await failure(getUser(AccessToken))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
  });
});
