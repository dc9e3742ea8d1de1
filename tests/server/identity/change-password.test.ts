import { ChangePasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, PASSWORD, startIdentityServer, type IdentityTestServer } from './support.ts';

let t: IdentityTestServer;
beforeAll(async () => {
  t = await startIdentityServer();
  await t.createUser('ada@example.com');
});
afterAll(() => t.close());

describe('ChangePassword', () => {
  it('needs the previous password and a new one that meets the policy', async () => {
    const { AccessToken } = await t.signIn('ada@example.com');
    const change = (PreviousPassword: string, ProposedPassword: string) =>
      t.client.send(new ChangePasswordCommand({ AccessToken, PreviousPassword, ProposedPassword }));
    expect(await failure(change('Wrong-Password-1', 'Next-Password-2'))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect(await failure(change(PASSWORD, 'nouppercase1!'))).toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password must have uppercase characters',
    });
    await change(PASSWORD, 'Next-Password-2');
    await t.signIn('ada@example.com', 'Next-Password-2');
    expect(await failure(t.signIn('ada@example.com'))).toMatchObject({ name: 'NotAuthorizedException' });
  });
});
