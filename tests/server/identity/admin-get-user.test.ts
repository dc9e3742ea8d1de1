import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

let t: IdentityTestServer;
beforeAll(async () => {
  t = await startIdentityServer();
  await t.createUser('ada@example.com', { given_name: 'Ada' });
});
afterAll(() => t.close());

describe('AdminGetUser', () => {
  it('describes a user found by email or username', async () => {
    const byEmail = await t.admin.send(new AdminGetUserCommand({ UserPoolId: POOL_ID, Username: 'ada@example.com' }));
    expect(byEmail).toMatchObject({ Enabled: true, UserStatus: 'CONFIRMED' });
    expect(byEmail.UserCreateDate).toBeInstanceOf(Date);
    expect(byEmail.UserAttributes).toContainEqual({ Name: 'given_name', Value: 'Ada' });
    const byUsername = await t.admin.send(new AdminGetUserCommand({ UserPoolId: POOL_ID, Username: byEmail.Username }));
    expect(byUsername.Username).toBe(byEmail.Username);
  });

  it('says when the user does not exist', async () => {
    expect(
      await failure(t.admin.send(new AdminGetUserCommand({ UserPoolId: POOL_ID, Username: 'nobody@example.com' }))),
    ).toMatchObject({
      name: 'UserNotFoundException',
      message: 'User does not exist.',
    });
  });
});
