import { ConfirmSignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CODE_ATTEMPTS } from '../../../server/identity/verification.ts';
import { cognitoRequest } from '../../support/cognito-request.ts';
import { CLIENT_ID, failure, startIdentityServer, type IdentityTestServer } from './support.ts';

let t: IdentityTestServer;
beforeAll(async () => {
  t = await startIdentityServer();
});
afterAll(() => t.close());

const confirm = (Username: string, ConfirmationCode: string) =>
  t.client.send(new ConfirmSignUpCommand({ ClientId: CLIENT_ID, Username, ConfirmationCode }));
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
const user = (email: string) =>
  t.server.app.database.db.selectFrom('identity_users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

describe('ConfirmSignUp', () => {
  it('confirms the account and verifies its email with the mailed code, once', async () => {
    await t.signUp('ada@example.com');
    const code = await t.latestCode('ada@example.com');
    await confirm('ada@example.com', code);
    expect(await user('ada@example.com')).toMatchObject({ status: 'CONFIRMED', email_verified: true });
    expect(await failure(confirm('ada@example.com', code))).toMatchObject({
      name: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
  });

  it('answers a confirmed account as a wrong code, within the wrong-code limit of a name that is no account', async () => {
    await t.createUser('done@example.com');
    const answers = async (email: string) => {
      const names: string[] = [];
      for (let attempt = 0; attempt <= MAX_CODE_ATTEMPTS; attempt++) names.push((await failure(confirm(email, '123456'))).name);
      return names;
    };
    const confirmed = await answers('done@example.com');
    expect(confirmed).toEqual([...Array<string>(MAX_CODE_ATTEMPTS).fill('CodeMismatchException'), 'LimitExceededException']);
    expect(await answers('nobody-done@example.com')).toEqual(confirmed);
    expect((await user('done@example.com')).status).toBe('CONFIRMED');
  });

  it('refuses a wrong code, then locks the code after 5 wrong tries even for the right one', async () => {
    await t.signUp('grace@example.com');
    const code = await t.latestCode('grace@example.com');
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(await failure(confirm('grace@example.com', wrong(code)))).toMatchObject({
        name: 'CodeMismatchException',
        message: 'Invalid verification code provided, please try again.',
      });
    }
    expect(await failure(confirm('grace@example.com', code))).toMatchObject({
      name: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    });
    expect((await user('grace@example.com')).status).toBe('UNCONFIRMED');
  });

  it('refuses a code older than 24 hours', async () => {
    await t.signUp('alan@example.com');
    const code = await t.latestCode('alan@example.com');
    t.clock.advance(24 * 3600 * 1000 + 1000);
    expect(await failure(confirm('alan@example.com', code))).toMatchObject({
      name: 'ExpiredCodeException',
      message: 'Invalid code provided, please request a code again.',
    });
  });

  it('answers an unknown user as a wrong code (no account enumeration)', async () => {
    expect(await failure(confirm('nobody@example.com', '123456'))).toMatchObject({ name: 'CodeMismatchException' });
  });

  it('names a missing member', async () => {
    const response = await cognitoRequest(t.server.url, 'ConfirmSignUp', { ClientId: CLIENT_ID, Username: 'ada@example.com' });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-amzn-errortype')).toBe('InvalidParameterException');
    expect(await response.json()).toEqual({
      __type: 'InvalidParameterException',
      message:
        "1 validation error detected: Value null at 'confirmationCode' failed to satisfy constraint: Member must not be null",
    });
  });
});
