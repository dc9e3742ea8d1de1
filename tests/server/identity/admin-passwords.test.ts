import {
  AdminConfirmSignUpCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminResetUserPasswordCommand,
  AdminSetUserPasswordCommand,
  ConfirmForgotPasswordCommand,
  DescribeUserPoolClientCommand,
  type AuthFlowType,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ID, failure, PASSWORD, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

let t: IdentityTestServer;
beforeAll(async () => {
  t = await startIdentityServer();
  await t.createUser('ada@example.com');
});
afterAll(() => t.close());

const adminSignIn = (AuthFlow: AuthFlowType, AuthParameters: Record<string, string>, ClientId = CLIENT_ID) =>
  t.admin.send(new AdminInitiateAuthCommand({ UserPoolId: POOL_ID, ClientId, AuthFlow, AuthParameters }));
const statusOf = async (Username: string) =>
  (await t.admin.send(new AdminGetUserCommand({ UserPoolId: POOL_ID, Username }))).UserStatus;

describe('AdminInitiateAuth', () => {
  it('signs in with ADMIN_USER_PASSWORD_AUTH and ADMIN_NO_SRP_AUTH, and refreshes', async () => {
    const { AuthenticationResult: result } = await adminSignIn('ADMIN_USER_PASSWORD_AUTH', {
      USERNAME: 'ada@example.com',
      PASSWORD,
    });
    expect(decodeJwt(result?.AccessToken ?? '')).toMatchObject({ token_use: 'access', client_id: CLIENT_ID });
    expect(result?.RefreshToken).toBeTruthy();
    const older = await adminSignIn('ADMIN_NO_SRP_AUTH', { USERNAME: 'ada@example.com', PASSWORD });
    expect(older.AuthenticationResult?.IdToken).toBeTruthy();
    const refreshed = await adminSignIn('REFRESH_TOKEN_AUTH', { REFRESH_TOKEN: result?.RefreshToken ?? '' });
    expect(refreshed.AuthenticationResult?.AccessToken).toBeTruthy();
    expect(refreshed.AuthenticationResult?.RefreshToken).toBeUndefined();
  });

  it('answers as InitiateAuth does for wrong passwords, unknown users and other flows', async () => {
    for (const USERNAME of ['ada@example.com', 'nobody@example.com']) {
      expect(await failure(adminSignIn('ADMIN_USER_PASSWORD_AUTH', { USERNAME, PASSWORD: 'Wrong-Pass-1' }))).toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      });
    }
    expect(await failure(adminSignIn('USER_PASSWORD_AUTH', { USERNAME: 'ada@example.com', PASSWORD }))).toMatchObject({
      name: 'InvalidParameterException',
      message: 'Initiate Auth method not supported.',
    });
    expect(await failure(adminSignIn('ADMIN_USER_PASSWORD_AUTH', { USERNAME: 'ada@example.com' }))).toMatchObject({
      name: 'InvalidParameterException',
      message: 'Missing required parameter PASSWORD',
    });
    expect(
      await failure(adminSignIn('ADMIN_USER_PASSWORD_AUTH', { USERNAME: 'ada@example.com', PASSWORD }, 'other-client')),
    ).toMatchObject({ name: 'ResourceNotFoundException', message: 'User pool client other-client does not exist.' });
    expect(
      await failure(
        t.client.send(
          new AdminInitiateAuthCommand({
            UserPoolId: POOL_ID,
            ClientId: CLIENT_ID,
            AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: 'ada@example.com', PASSWORD },
          }),
        ),
      ),
    ).toMatchObject({ name: 'UnrecognizedClientException' });
  });
});

describe('AdminSetUserPassword', () => {
  it('Permanent true makes the password the user’s own; false forces a change at the next sign-in', async () => {
    await t.admin.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: POOL_ID,
        Username: 'ada@example.com',
        Password: 'Temporary-Pass-2',
        Permanent: false,
      }),
    );
    expect(await statusOf('ada@example.com')).toBe('FORCE_CHANGE_PASSWORD');
    expect(
      (await adminSignIn('ADMIN_USER_PASSWORD_AUTH', { USERNAME: 'ada@example.com', PASSWORD: 'Temporary-Pass-2' }))
        .ChallengeName,
    ).toBe('NEW_PASSWORD_REQUIRED');
    await t.admin.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: POOL_ID,
        Username: 'ada@example.com',
        Password: 'Permanent-Pass-3',
        Permanent: true,
      }),
    );
    expect(await statusOf('ada@example.com')).toBe('CONFIRMED');
    const signedIn = await adminSignIn('ADMIN_USER_PASSWORD_AUTH', { USERNAME: 'ada@example.com', PASSWORD: 'Permanent-Pass-3' });
    expect(signedIn.AuthenticationResult?.AccessToken).toBeTruthy();
    expect(
      await failure(
        t.admin.send(
          new AdminSetUserPasswordCommand({
            UserPoolId: POOL_ID,
            Username: 'ada@example.com',
            Password: 'nodigits',
            Permanent: true,
          }),
        ),
      ),
    ).toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password must have uppercase characters',
    });
    expect(
      await failure(
        t.admin.send(
          new AdminSetUserPasswordCommand({
            UserPoolId: POOL_ID,
            Username: 'ghost@example.com',
            Password: PASSWORD,
            Permanent: true,
          }),
        ),
      ),
    ).toMatchObject({ name: 'UserNotFoundException', message: 'User does not exist.' });
  });
});

describe('AdminConfirmSignUp', () => {
  it('confirms an unconfirmed user, once', async () => {
    await t.signUp('new@example.com');
    expect(await failure(adminSignIn('ADMIN_USER_PASSWORD_AUTH', { USERNAME: 'new@example.com', PASSWORD }))).toMatchObject({
      name: 'UserNotConfirmedException',
    });
    await t.admin.send(new AdminConfirmSignUpCommand({ UserPoolId: POOL_ID, Username: 'new@example.com' }));
    expect(await statusOf('new@example.com')).toBe('CONFIRMED');
    expect(
      (await adminSignIn('ADMIN_USER_PASSWORD_AUTH', { USERNAME: 'new@example.com', PASSWORD })).AuthenticationResult,
    ).toBeDefined();
    expect(
      await failure(t.admin.send(new AdminConfirmSignUpCommand({ UserPoolId: POOL_ID, Username: 'new@example.com' }))),
    ).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'User cannot be confirmed. Current status is CONFIRMED',
    });
  });
});

describe('AdminResetUserPassword', () => {
  it('stops the password and mails a reset code that sets a new one', async () => {
    await t.admin.send(new AdminResetUserPasswordCommand({ UserPoolId: POOL_ID, Username: 'ada@example.com' }));
    expect(await statusOf('ada@example.com')).toBe('RESET_REQUIRED');
    expect(
      await failure(adminSignIn('ADMIN_USER_PASSWORD_AUTH', { USERNAME: 'ada@example.com', PASSWORD: 'Permanent-Pass-3' })),
    ).toMatchObject({ name: 'PasswordResetRequiredException', message: 'Password reset required for the user' });
    await t.client.send(
      new ConfirmForgotPasswordCommand({
        ClientId: CLIENT_ID,
        Username: 'ada@example.com',
        ConfirmationCode: await t.latestCode('ada@example.com'),
        Password: 'Brand-New-Pass-4',
      }),
    );
    expect(await statusOf('ada@example.com')).toBe('CONFIRMED');
    expect(
      (await adminSignIn('ADMIN_USER_PASSWORD_AUTH', { USERNAME: 'ada@example.com', PASSWORD: 'Brand-New-Pass-4' }))
        .AuthenticationResult,
    ).toBeDefined();
  });

  it('refuses a user still on their temporary password, as Cognito does (AdminCreateUser RESEND sends a new one)', async () => {
    for (const [Username, verified] of [
      ['invited@example.com', 'false'],
      ['invited-verified@example.com', 'true'],
    ] as const) {
      await t.admin.send(
        new AdminCreateUserCommand({
          UserPoolId: POOL_ID,
          Username,
          MessageAction: 'SUPPRESS',
          UserAttributes: [{ Name: 'email_verified', Value: verified }],
        }),
      );
      expect(await failure(t.admin.send(new AdminResetUserPasswordCommand({ UserPoolId: POOL_ID, Username })))).toMatchObject({
        name: 'NotAuthorizedException',
        message: 'User password cannot be reset in the current state.',
      });
      expect(await statusOf(Username)).toBe('FORCE_CHANGE_PASSWORD');
      expect(await t.latestCode(Username).catch(() => 'no mail')).toBe('no mail');
    }
  });
});

describe('DescribeUserPoolClient', () => {
  it('describes the configured client', async () => {
    const { UserPoolClient: client } = await t.admin.send(
      new DescribeUserPoolClientCommand({ UserPoolId: POOL_ID, ClientId: CLIENT_ID }),
    );
    expect(client).toMatchObject({
      UserPoolId: POOL_ID,
      ClientId: CLIENT_ID,
      ExplicitAuthFlows: expect.arrayContaining([
        'ALLOW_USER_PASSWORD_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
        'ALLOW_ADMIN_USER_PASSWORD_AUTH',
      ]),
      AllowedOAuthFlows: ['code'],
      CallbackURLs: t.server.config.identity.allowedRedirectUris,
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 30,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
      EnableTokenRevocation: true,
    });
    expect(client?.ClientSecret).toBeUndefined();
    expect(client?.CreationDate).toBeInstanceOf(Date);
    expect(
      await failure(t.admin.send(new DescribeUserPoolClientCommand({ UserPoolId: POOL_ID, ClientId: 'nope' }))),
    ).toMatchObject({ name: 'ResourceNotFoundException', message: 'User pool client nope does not exist.' });
  });
});
