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

  it('counts a wrong previous password as a failed sign-in: a held token cannot guess the password past the lockout', () =>
    t.clock.held(async () => {
      await t.createUser('guessed@example.com');
      const { AccessToken } = await t.signIn('guessed@example.com');
      const change = (PreviousPassword: string) =>
        t.client.send(new ChangePasswordCommand({ AccessToken, PreviousPassword, ProposedPassword: 'Next-Password-2' }));
      for (let guess = 1; guess <= 5; guess++) {
        expect(await failure(change(`Wrong-Password-${guess}`))).toMatchObject({ name: 'NotAuthorizedException' });
      }
      // Locked now, as five wrong sign-ins lock: the right password too, here and at sign-in.
      expect(await failure(change(PASSWORD))).toMatchObject({
        name: 'LimitExceededException',
        message: 'Attempt limit exceeded, please try after some time.',
      });
      expect(await failure(t.signIn('guessed@example.com'))).toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Password attempts exceeded',
      });
      t.clock.advance(1000);
      await change(PASSWORD);
      await t.signIn('guessed@example.com', 'Next-Password-2');
    }));
});
