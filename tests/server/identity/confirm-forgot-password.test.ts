import { ConfirmForgotPasswordCommand, ForgotPasswordCommand, GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeCode, signInOnPage } from '../../support/hosted-browser.ts';
import { CLIENT_ID, failure, PASSWORD, startIdentityServer, type IdentityTestServer } from './support.ts';

let t: IdentityTestServer;
beforeAll(async () => {
  t = await startIdentityServer();
  await t.createUser('ada@example.com');
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Brand-New-Pass-2';
const confirm = (ConfirmationCode: string, Password = NEW_PASSWORD, Username = 'ada@example.com') =>
  t.client.send(new ConfirmForgotPasswordCommand({ ClientId: CLIENT_ID, Username, ConfirmationCode, Password }));

describe('ConfirmForgotPassword', () => {
  it('sets the new password with the code, signs out every session and uses the code up', async () => {
    const { AccessToken } = await t.signIn('ada@example.com');
    await t.client.send(new ForgotPasswordCommand({ ClientId: CLIENT_ID, Username: 'ada@example.com' }));
    const code = await t.latestCode('ada@example.com');
    expect(await failure(confirm(code, 'weakpass'))).toMatchObject({ name: 'InvalidPasswordException' });
    await confirm(code);
    await t.signIn('ada@example.com', NEW_PASSWORD);
    expect(await failure(t.signIn('ada@example.com', PASSWORD))).toMatchObject({ message: 'Incorrect username or password.' });
    expect(await failure(t.client.send(new GetUserCommand({ AccessToken })))).toMatchObject({
      message: 'Access Token has been revoked',
    });
    expect(await failure(confirm(code, 'Another-Pass-3'))).toMatchObject({ name: 'ExpiredCodeException' });
  });

  it('ends the codes hosted sign-in issued before the reset: whoever knew the old password gets no new session', async () => {
    await t.createUser('grace@example.com');
    const pending = await signInOnPage(t.server, { username: 'grace@example.com', password: PASSWORD });
    await t.client.send(new ForgotPasswordCommand({ ClientId: CLIENT_ID, Username: 'grace@example.com' }));
    await confirm(await t.latestCode('grace@example.com'), NEW_PASSWORD, 'grace@example.com');
    const late = await exchangeCode(t.server, pending);
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({ error: 'invalid_grant' });
  });

  it('refuses a reset code after one hour', async () => {
    await t.client.send(new ForgotPasswordCommand({ ClientId: CLIENT_ID, Username: 'ada@example.com' }));
    const code = await t.latestCode('ada@example.com');
    t.clock.advance(3600 * 1000 + 1000);
    expect(await failure(confirm(code))).toMatchObject({
      name: 'ExpiredCodeException',
      message: 'Invalid code provided, please request a code again.',
    });
  });

  it('answers an unknown user as an account: no code asked for, then a wrong code', async () => {
    expect(await failure(confirm('123456', NEW_PASSWORD, 'nobody@example.com'))).toMatchObject({ name: 'ExpiredCodeException' });
    await t.client.send(new ForgotPasswordCommand({ ClientId: CLIENT_ID, Username: 'nobody@example.com' }));
    expect(await failure(confirm('123456', NEW_PASSWORD, 'nobody@example.com'))).toMatchObject({ name: 'CodeMismatchException' });
  });
});
