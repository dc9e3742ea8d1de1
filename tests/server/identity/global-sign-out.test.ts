import { GetUserCommand, GlobalSignOutCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, startIdentityServer, type IdentityTestServer } from './support.ts';

let t: IdentityTestServer;
beforeAll(async () => {
  t = await startIdentityServer();
  await t.createUser('ada@example.com');
});
afterAll(() => t.close());

describe('GlobalSignOut', () => {
  it('revokes every session of the user: access tokens and refresh tokens on every device', async () => {
    const laptop = await t.signIn('ada@example.com');
    const phone = await t.signIn('ada@example.com');
    await t.client.send(new GlobalSignOutCommand({ AccessToken: laptop.AccessToken }));
    for (const device of [laptop, phone]) {
      expect(await failure(t.client.send(new GetUserCommand({ AccessToken: device.AccessToken })))).toMatchObject({
        message: 'Access Token has been revoked',
      });
      expect(await failure(t.refresh(device.RefreshToken))).toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Refresh Token has been revoked',
      });
    }
    // Signing in again starts a new session.
    const again = await t.signIn('ada@example.com');
    await t.client.send(new GetUserCommand({ AccessToken: again.AccessToken }));
  });
});
