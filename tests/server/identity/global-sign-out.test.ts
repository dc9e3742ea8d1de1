import { GetUserCommand, GlobalSignOutCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeCode, signInOnPage } from '../../support/hosted-browser.ts';
import { failure, PASSWORD, startIdentityServer, type IdentityTestServer } from './support.ts';

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

  it('ends the codes hosted sign-in issued and the app has not exchanged yet: each would start a new session', async () => {
    const pending = await signInOnPage(t.server, { username: 'ada@example.com', password: PASSWORD });
    const { AccessToken } = await t.signIn('ada@example.com');
    await t.client.send(new GlobalSignOutCommand({ AccessToken }));
    const late = await exchangeCode(t.server, pending);
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({ error: 'invalid_grant' });
    // A sign-in after it gets a code that works.
    expect(
      (await exchangeCode(t.server, await signInOnPage(t.server, { username: 'ada@example.com', password: PASSWORD }))).status,
    ).toBe(200);
  });
});
