import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../../server/identity/clock.ts';
import { passwordPolicyViolation } from '../../../server/identity/passwords.ts';
import { CLIENT_ID, failure, PASSWORD, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

let t: IdentityTestServer;
beforeAll(async () => {
  t = await startIdentityServer();
  await t.createUser('existing@example.com');
});
afterAll(() => t.close());

const invitations = (to: string) =>
  t.server.app.database.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body', 'template_params', 'kind', 'contains_secret'])
    .where('to_address', '=', to)
    .where('kind', '=', 'identity-invitation')
    .orderBy('id')
    .execute();

const passwordSignIn = (email: string, password: string) =>
  t.client.send(
    new InitiateAuthCommand({
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );

describe('AdminCreateUser', () => {
  it('creates a FORCE_CHANGE_PASSWORD user and mails a generated temporary password that meets the policy', async () => {
    const { User: user } = await t.admin.send(
      new AdminCreateUserCommand({
        UserPoolId: POOL_ID,
        Username: 'invited@example.com',
        UserAttributes: [
          { Name: 'email', Value: 'invited@example.com' },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'given_name', Value: 'Ivy' },
        ],
      }),
    );
    expect(user).toMatchObject({ UserStatus: 'FORCE_CHANGE_PASSWORD', Enabled: true });
    expect(user?.UserCreateDate).toBeInstanceOf(Date);
    expect(user?.Username).toMatch(/^[0-9a-f-]{36}$/);
    expect(user?.Attributes).toEqual(
      expect.arrayContaining([
        { Name: 'email', Value: 'invited@example.com' },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'given_name', Value: 'Ivy' },
      ]),
    );
    const [mail, ...more] = await invitations('invited@example.com');
    expect(more).toEqual([]);
    const password = mail?.template_params.password ?? '';
    expect(passwordPolicyViolation(password)).toBeUndefined();
    expect(mail).toMatchObject({ subject: 'Your temporary password', contains_secret: true });
    expect(mail?.text_body).toContain(`temporary password is ${password}.`);

    // Signing in with it asks for a new password, as Cognito does.
    const challenge = await passwordSignIn('invited@example.com', password);
    expect(challenge.AuthenticationResult).toBeUndefined();
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(challenge.Session?.length).toBeGreaterThan(40);
    expect(challenge.ChallengeParameters).toMatchObject({ USER_ID_FOR_SRP: user?.Username, requiredAttributes: '[]' });
    expect(JSON.parse(challenge.ChallengeParameters?.userAttributes ?? '')).toEqual({
      email: 'invited@example.com',
      email_verified: 'true',
      given_name: 'Ivy',
    });
    const admin = await t.admin.send(
      new AdminInitiateAuthCommand({
        UserPoolId: POOL_ID,
        ClientId: CLIENT_ID,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: 'invited@example.com', PASSWORD: password },
      }),
    );
    expect(admin.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    // A wrong password is still just wrong.
    expect(await failure(passwordSignIn('invited@example.com', 'Wrong-Password-1'))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });

  it('uses the given TemporaryPassword, and MessageAction SUPPRESS sends nothing', async () => {
    await t.admin.send(
      new AdminCreateUserCommand({
        UserPoolId: POOL_ID,
        Username: 'quiet@example.com',
        TemporaryPassword: PASSWORD,
        MessageAction: 'SUPPRESS',
      }),
    );
    expect(await invitations('quiet@example.com')).toEqual([]);
    expect((await passwordSignIn('quiet@example.com', PASSWORD)).ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  });

  it('an invitee who lost the invitation sets a password through ForgotPassword, and is confirmed by it', async () => {
    // Cognito refuses ForgotPassword here ("cannot be reset in the current state"), which tells
    // a stranger the name is an account.
    // Invited as the console invites: the address the operator vouches for, verified.
    await t.admin.send(
      new AdminCreateUserCommand({
        UserPoolId: POOL_ID,
        Username: 'forgetful@example.com',
        UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
      }),
    );
    await t.resetPassword('forgetful@example.com', 'Chosen-Password-9');
    expect(await t.signIn('forgetful@example.com', 'Chosen-Password-9')).toMatchObject({ AccessToken: expect.any(String) });
    const { UserStatus } = await t.admin.send(
      new AdminGetUserCommand({ UserPoolId: POOL_ID, Username: 'forgetful@example.com' }),
    );
    expect(UserStatus).toBe('CONFIRMED');
  });

  it('RESEND mails a new temporary password and the old one stops working', async () => {
    await t.admin.send(new AdminCreateUserCommand({ UserPoolId: POOL_ID, Username: 'again@example.com' }));
    const first = (await invitations('again@example.com'))[0]?.template_params.password ?? '';
    const { User: user } = await t.admin.send(
      new AdminCreateUserCommand({ UserPoolId: POOL_ID, Username: 'again@example.com', MessageAction: 'RESEND' }),
    );
    expect(user?.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
    const mails = await invitations('again@example.com');
    expect(mails).toHaveLength(2);
    const second = mails[1]?.template_params.password ?? '';
    expect(second).not.toBe(first);
    expect(await failure(passwordSignIn('again@example.com', first))).toMatchObject({ name: 'NotAuthorizedException' });
    expect((await passwordSignIn('again@example.com', second)).ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  });

  it('RESEND for an unknown user or one who already chose a password is refused', async () => {
    expect(
      await failure(
        t.admin.send(new AdminCreateUserCommand({ UserPoolId: POOL_ID, Username: 'ghost@example.com', MessageAction: 'RESEND' })),
      ),
    ).toMatchObject({ name: 'UserNotFoundException', message: 'User does not exist.' });
    expect(
      await failure(
        t.admin.send(
          new AdminCreateUserCommand({ UserPoolId: POOL_ID, Username: 'existing@example.com', MessageAction: 'RESEND' }),
        ),
      ),
    ).toMatchObject({ name: 'UnsupportedUserStateException' });
  });

  it('refuses an existing user, a bad password and bad members with Cognito errors', async () => {
    expect(
      await failure(t.admin.send(new AdminCreateUserCommand({ UserPoolId: POOL_ID, Username: 'EXISTING@example.com' }))),
    ).toMatchObject({ name: 'UsernameExistsException', message: 'User account already exists', status: 400 });
    expect(
      await failure(
        t.admin.send(
          new AdminCreateUserCommand({ UserPoolId: POOL_ID, Username: 'weak@example.com', TemporaryPassword: 'short' }),
        ),
      ),
    ).toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password not long enough',
    });
    expect(
      await failure(t.admin.send(new AdminCreateUserCommand({ UserPoolId: POOL_ID, Username: 'not-an-email' }))),
    ).toMatchObject({ name: 'InvalidParameterException', message: 'Username should be an email.' });
    expect(
      await failure(
        t.admin.send(
          new AdminCreateUserCommand({
            UserPoolId: POOL_ID,
            Username: 'odd@example.com',
            UserAttributes: [{ Name: 'favourite_colour', Value: 'blue' }],
          }),
        ),
      ),
    ).toMatchObject({
      name: 'InvalidParameterException',
      message: 'Attributes did not conform to the schema: favourite_colour: Attribute does not exist in the schema.\n',
    });
    expect(await invitations('weak@example.com')).toEqual([]);
  });

  it('refuses a call not signed with the admin key', async () => {
    expect(
      await failure(t.client.send(new AdminCreateUserCommand({ UserPoolId: POOL_ID, Username: 'sneaky@example.com' }))),
    ).toMatchObject({ name: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' });
    expect(
      await failure(t.admin.send(new AdminGetUserCommand({ UserPoolId: POOL_ID, Username: 'sneaky@example.com' }))),
    ).toMatchObject({ name: 'UserNotFoundException' });
  });

  it('a temporary password expires after seven days', async () => {
    await t.admin.send(
      new AdminCreateUserCommand({ UserPoolId: POOL_ID, Username: 'late@example.com', TemporaryPassword: PASSWORD }),
    );
    t.clock.advance(7 * DAY + 1000);
    expect(await failure(passwordSignIn('late@example.com', PASSWORD))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Temporary password has expired and must be reset by an administrator.',
    });
  });
});
