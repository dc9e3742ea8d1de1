import { AdminGetUserCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ID, failure, PASSWORD, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

let t: IdentityTestServer;
beforeAll(async () => {
  t = await startIdentityServer();
});
afterAll(() => t.close());

const signUp = (Username: string, Password = PASSWORD, extra: Partial<ConstructorParameters<typeof SignUpCommand>[0]> = {}) =>
  t.client.send(
    new SignUpCommand({
      ClientId: CLIENT_ID,
      Username,
      Password,
      UserAttributes: [
        { Name: 'email', Value: Username },
        { Name: 'given_name', Value: 'Ada' },
        { Name: 'family_name', Value: 'Lovelace' },
      ],
      ...extra,
    }),
  );

describe('SignUp', () => {
  it('creates an unconfirmed user, stores an argon2id hash and mails a 6-digit code', async () => {
    const result = await signUp('ada@example.com');
    expect(result.UserConfirmed).toBe(false);
    expect(result.UserSub).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.CodeDeliveryDetails).toEqual({ Destination: 'a***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    const user = await t.server.app.database.db.selectFrom('identity_users').selectAll().executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: 'ada@example.com', status: 'UNCONFIRMED', given_name: 'Ada', username: result.UserSub });
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.password_hash).not.toContain(PASSWORD);
    expect(await t.latestCode('ada@example.com')).toMatch(/^\d{6}$/);
    const code = await t.server.app.database.db.selectFrom('identity_codes').selectAll().executeTakeFirstOrThrow();
    expect(code.code_hash).not.toBe(await t.latestCode('ada@example.com'));
  });

  it('refuses a second account for the same email, whatever its case', async () => {
    expect(await failure(signUp('ADA@example.com'))).toMatchObject({
      name: 'UsernameExistsException',
      message: 'An account with the given email already exists.',
      status: 400,
    });
  });

  it.each([
    ['Sh0rt!a', 'Password did not conform with policy: Password not long enough'],
    ['lowercase-only-1', 'Password did not conform with policy: Password must have uppercase characters'],
    ['UPPERCASE-ONLY-1', 'Password did not conform with policy: Password must have lowercase characters'],
    ['No-Digits-Here', 'Password did not conform with policy: Password must have numeric characters'],
    ['NoSymbols123', 'Password did not conform with policy: Password must have symbol characters'],
  ])('enforces the password policy (%s)', async (password, message) => {
    expect(await failure(signUp('policy@example.com', password))).toEqual({
      name: 'InvalidPasswordException',
      message,
      status: 400,
    });
  });

  it('refuses passwords over 256 characters', async () => {
    const result = await failure(signUp('long@example.com', `Aa1!${'x'.repeat(253)}`));
    expect(result.name).toBe('InvalidParameterException');
  });

  it('requires an email as the username and a known client id', async () => {
    expect(await failure(signUp('not-an-email'))).toMatchObject({
      name: 'InvalidParameterException',
      message: 'Username should be an email.',
    });
    expect(await failure(signUp('x@example.com', PASSWORD, { ClientId: 'other' }))).toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'User pool client other does not exist.',
    });
  });

  it.each([
    'x,victim@corp.example',
    'Someone<victim@corp.example>',
    'g:victim@corp.example',
    'a;b@corp.example',
    '"x"@corp.example',
  ])('refuses %s, which a mail header would read as another address, a list or a group', async (username) => {
    expect(await failure(signUp(username))).toMatchObject({
      name: 'InvalidParameterException',
      message: 'Username should be an email.',
    });
  });

  it('refuses attributes outside the schema', async () => {
    const result = await failure(
      signUp('attr@example.com', PASSWORD, { UserAttributes: [{ Name: 'favourite_colour', Value: 'red' }] }),
    );
    expect(result).toMatchObject({ name: 'InvalidParameterException' });
    expect(result.message).toContain('favourite_colour: Attribute does not exist in the schema.');
  });

  it('refuses an email attribute other than the username, as Cognito does where the email is the username', async () => {
    expect(
      await failure(signUp('mine@example.com', PASSWORD, { UserAttributes: [{ Name: 'email', Value: 'other@example.com' }] })),
    ).toMatchObject({
      name: 'InvalidParameterException',
      message: 'User email should be empty or same as username, since username attribute is email',
      status: 400,
    });
    // Nothing was created under either address: the app's user did not get an account they never asked for.
    for (const email of ['mine@example.com', 'other@example.com']) {
      expect(await failure(t.admin.send(new AdminGetUserCommand({ UserPoolId: POOL_ID, Username: email })))).toMatchObject({
        name: 'UserNotFoundException',
      });
    }
  });
});
