import { AdminDisableUserCommand, AdminEnableUserCommand, AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

let t: IdentityTestServer;
beforeAll(async () => {
  t = await startIdentityServer();
  await t.createUser('ada@example.com');
});
afterAll(() => t.close());

describe('AdminEnableUser', () => {
  it('lets a disabled user sign in again', async () => {
    await t.admin.send(new AdminDisableUserCommand({ UserPoolId: POOL_ID, Username: 'ada@example.com' }));
    await t.admin.send(new AdminEnableUserCommand({ UserPoolId: POOL_ID, Username: 'ada@example.com' }));
    expect((await t.admin.send(new AdminGetUserCommand({ UserPoolId: POOL_ID, Username: 'ada@example.com' }))).Enabled).toBe(
      true,
    );
    await t.signIn('ada@example.com');
  });

  it('says when the user does not exist', async () => {
    expect(
      await failure(t.admin.send(new AdminEnableUserCommand({ UserPoolId: POOL_ID, Username: 'nobody@example.com' }))),
    ).toMatchObject({
      name: 'UserNotFoundException',
    });
  });
});
