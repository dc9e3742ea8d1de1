import { AdminDisableUserCommand, GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

let t: IdentityTestServer;
beforeAll(async () => {
  t = await startIdentityServer();
  await t.createUser('ada@example.com');
});
afterAll(() => t.close());

describe('AdminDisableUser', () => {
  it('stops sign-in and revokes the sessions the user already had', async () => {
    const { AccessToken, RefreshToken } = await t.signIn('ada@example.com');
    await t.client.send(new GetUserCommand({ AccessToken }));
    await t.admin.send(new AdminDisableUserCommand({ UserPoolId: POOL_ID, Username: 'ada@example.com' }));
    expect(await failure(t.signIn('ada@example.com'))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'User is disabled.',
    });
    expect(await failure(t.client.send(new GetUserCommand({ AccessToken })))).toMatchObject({ name: 'NotAuthorizedException' });
    expect(await failure(t.refresh(RefreshToken))).toMatchObject({ name: 'NotAuthorizedException' });
  });
});
