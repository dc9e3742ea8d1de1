import { DeleteUserCommand, GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, startIdentityServer, type IdentityTestServer } from './support.ts';

let t: IdentityTestServer;
beforeAll(async () => {
  t = await startIdentityServer();
  await t.createUser('ada@example.com');
});
afterAll(() => t.close());

describe('DeleteUser', () => {
  it('deletes the account with its sessions; its tokens stop working and the email is free again', async () => {
    const { AccessToken, RefreshToken } = await t.signIn('ada@example.com');
    await t.client.send(new DeleteUserCommand({ AccessToken }));
    expect(await failure(t.client.send(new GetUserCommand({ AccessToken })))).toMatchObject({ name: 'UserNotFoundException' });
    expect(await t.server.app.database.db.selectFrom('identity_sessions').selectAll().execute()).toEqual([]);
    expect(await failure(t.signIn('ada@example.com'))).toMatchObject({ message: 'Incorrect username or password.' });
    expect(RefreshToken).toBeTruthy();
    await t.createUser('ada@example.com');
  });
});
