import { AdminUserGlobalSignOutCommand, GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeCode, signInOnPage } from '../../support/hosted-browser.ts';
import { failure, PASSWORD, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

let t: IdentityTestServer;
beforeAll(async () => {
  t = await startIdentityServer();
  await t.createUser('ada@example.com');
});
afterAll(() => t.close());

describe('AdminUserGlobalSignOut', () => {
  it("revokes the user's sessions but lets them sign in again", async () => {
    const { AccessToken } = await t.signIn('ada@example.com');
    await t.admin.send(new AdminUserGlobalSignOutCommand({ UserPoolId: POOL_ID, Username: 'ada@example.com' }));
    expect(await failure(t.client.send(new GetUserCommand({ AccessToken })))).toMatchObject({
      message: 'Access Token has been revoked',
    });
    const again = await t.signIn('ada@example.com');
    await t.client.send(new GetUserCommand({ AccessToken: again.AccessToken }));
  });

  it('ends the codes hosted sign-in issued and the app has not exchanged yet', async () => {
    const pending = await signInOnPage(t.server, { username: 'ada@example.com', password: PASSWORD });
    await t.admin.send(new AdminUserGlobalSignOutCommand({ UserPoolId: POOL_ID, Username: 'ada@example.com' }));
    const late = await exchangeCode(t.server, pending);
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({ error: 'invalid_grant' });
  });
});
