import { AdminDeleteUserCommand, AdminGetUserCommand, GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

let t: IdentityTestServer;
beforeAll(async () => {
  t = await startIdentityServer();
  await t.createUser('ada@example.com');
});
afterAll(() => t.close());

describe('AdminDeleteUser', () => {
  it('deletes the user; their tokens stop working', async () => {
    const { AccessToken } = await t.signIn('ada@example.com');
    await t.admin.send(new AdminDeleteUserCommand({ UserPoolId: POOL_ID, Username: 'ada@example.com' }));
    expect(
      await failure(t.admin.send(new AdminGetUserCommand({ UserPoolId: POOL_ID, Username: 'ada@example.com' }))),
    ).toMatchObject({
      name: 'UserNotFoundException',
    });
    expect(await failure(t.client.send(new GetUserCommand({ AccessToken })))).toMatchObject({ name: 'UserNotFoundException' });
  });
});
