import { Amplify } from 'aws-amplify';
import {
  autoSignIn,
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  confirmUserAttribute,
  deleteUserAttributes,
  fetchAuthSession,
  fetchDevices,
  fetchUserAttributes,
  getCurrentUser,
  rememberDevice,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
  updatePassword,
  updateUserAttributes,
} from 'aws-amplify/auth';
import {
  AdminCreateUserCommand,
  AdminUpdateUserAttributesCommand,
  ConfirmSignUpCommand,
  GetUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ID, failure, PASSWORD, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

// Amplify v6 in Node keeps its tokens in its in-memory fallback storage (there is no
// localStorage): no shim is needed.
let t: IdentityTestServer;
beforeAll(async () => {
  // Every journey here asks for codes from this one address: more than a client's hourly mails.
  t = await startIdentityServer({ MAIL_QUOTA_PER_CLIENT_PER_HOUR: '100' });
  // Exactly what an app configures.
  Amplify.configure({
    Auth: { Cognito: { userPoolId: POOL_ID, userPoolClientId: CLIENT_ID, userPoolEndpoint: `${t.server.url}/cognito` } },
  });
});
afterAll(() => t.close());

describe('Amplify v6 against the embedded pool', () => {
  it('signs up, confirms with the mailed code and signs in automatically (SRP)', async () => {
    const started = await signUp({
      username: 'ada@example.com',
      password: PASSWORD,
      options: { userAttributes: { email: 'ada@example.com', given_name: 'Ada' }, autoSignIn: true },
    });
    expect(started.nextStep.signUpStep).toBe('CONFIRM_SIGN_UP');
    const confirmed = await confirmSignUp({
      username: 'ada@example.com',
      confirmationCode: await t.latestCode('ada@example.com'),
    });
    expect(confirmed.nextStep.signUpStep).toBe('COMPLETE_AUTO_SIGN_IN');
    const signedIn = await autoSignIn();
    expect(signedIn).toMatchObject({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect(await fetchUserAttributes()).toMatchObject({ email: 'ada@example.com', given_name: 'Ada', email_verified: 'true' });
    await signOut();
  });

  it('signs in with SRP, refuses a wrong password with Cognito’s error, refreshes and signs out locally', async () => {
    await expect(signIn({ username: 'ada@example.com', password: 'Wrong-Password-1' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect(await signIn({ username: 'ada@example.com', password: PASSWORD })).toMatchObject({ isSignedIn: true });
    const before = await fetchAuthSession();
    // forceRefresh goes through GetTokensFromRefreshToken.
    const after = await fetchAuthSession({ forceRefresh: true });
    expect(after.tokens?.accessToken.toString()).toBeTruthy();
    expect(after.tokens?.accessToken.payload.jti).not.toBe(before.tokens?.accessToken.payload.jti);
    expect(after.tokens?.accessToken.payload.origin_jti).toBe(before.tokens?.accessToken.payload.origin_jti);
    expect(after.tokens?.idToken?.payload.email).toBe('ada@example.com');
    await signOut();
    expect((await fetchAuthSession()).tokens).toBeUndefined();
    // Local sign-out revoked the refresh token (and so the access tokens issued from it).
    expect(await failure(t.client.send(new GetUserCommand({ AccessToken: after.tokens?.accessToken.toString() })))).toMatchObject(
      { name: 'NotAuthorizedException', message: 'Access Token has been revoked' },
    );
  });

  it('edits and deletes attributes, changes the password and resets a forgotten one', async () => {
    await signIn({ username: 'ada@example.com', password: PASSWORD });
    await updateUserAttributes({ userAttributes: { locale: 'en-GB', family_name: 'Lovelace' } });
    await deleteUserAttributes({ userAttributeKeys: ['locale'] });
    const attributes = await fetchUserAttributes();
    expect(attributes).toMatchObject({ family_name: 'Lovelace', given_name: 'Ada' });
    expect(attributes).not.toHaveProperty('locale');
    await updatePassword({ oldPassword: PASSWORD, newPassword: 'Changed-Pass-42' });
    await signOut();
    expect(await signIn({ username: 'ada@example.com', password: 'Changed-Pass-42' })).toMatchObject({ isSignedIn: true });
    await signOut();
    const reset = await resetPassword({ username: 'ada@example.com' });
    expect(reset.nextStep.resetPasswordStep).toBe('CONFIRM_RESET_PASSWORD_WITH_CODE');
    await confirmResetPassword({
      username: 'ada@example.com',
      newPassword: PASSWORD,
      confirmationCode: await t.latestCode('ada@example.com'),
    });
    expect(await signIn({ username: 'ada@example.com', password: PASSWORD })).toMatchObject({ isSignedIn: true });
    await signOut();
  });

  it('signs out globally: every session of the user ends', async () => {
    await signIn({ username: 'ada@example.com', password: PASSWORD });
    const other = await t.signIn('ada@example.com');
    await signOut({ global: true });
    expect(await failure(t.client.send(new GetUserCommand({ AccessToken: other.AccessToken })))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
  });

  it('locks after five wrong passwords with Cognito’s error, the right one too, until the lock ends', () =>
    t.clock.held(async () => {
      await t.createUser('locked.amplify@example.com');
      for (let i = 0; i < 5; i++) {
        await expect(signIn({ username: 'locked.amplify@example.com', password: 'Wrong-Password-1' })).rejects.toMatchObject({
          name: 'NotAuthorizedException',
          message: 'Incorrect username or password.',
        });
      }
      await expect(signIn({ username: 'locked.amplify@example.com', password: PASSWORD })).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Password attempts exceeded',
      });
      t.clock.advance(2000);
      expect(await signIn({ username: 'locked.amplify@example.com', password: PASSWORD })).toMatchObject({ isSignedIn: true });
      await signOut();
    }));

  it('asks for a new password with confirmSignIn after AdminCreateUser set a temporary one (NEW_PASSWORD_REQUIRED)', async () => {
    await t.admin.send(
      new AdminCreateUserCommand({
        UserPoolId: POOL_ID,
        Username: 'temp@example.com',
        TemporaryPassword: PASSWORD,
        MessageAction: 'SUPPRESS',
      }),
    );
    const first = await signIn({ username: 'temp@example.com', password: PASSWORD });
    expect(first).toMatchObject({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' },
    });
    await expect(confirmSignIn({ challengeResponse: 'short' })).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    const done = await confirmSignIn({ challengeResponse: 'Brand-New-Pass-1' });
    expect(done).toMatchObject({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    await signOut();
    expect(await signIn({ username: 'temp@example.com', password: 'Brand-New-Pass-1' })).toMatchObject({ isSignedIn: true });
    await signOut();
  });

  it('takes back an email change when the address in force is named again: the first code no longer changes it', async () => {
    await t.createUser('grace@example.com');
    await signIn({ username: 'grace@example.com', password: PASSWORD });
    const asked = await updateUserAttributes({ userAttributes: { email: 'grace@typo.example' } });
    expect(asked.email?.nextStep.updateAttributeStep).toBe('CONFIRM_ATTRIBUTE_WITH_CODE');
    const code = await t.latestCode('grace@typo.example');
    // The user corrects the typo by naming the address they have: Amplify reports it done.
    const kept = await updateUserAttributes({ userAttributes: { email: 'grace@example.com' } });
    expect(kept.email).toMatchObject({ isUpdated: true, nextStep: { updateAttributeStep: 'DONE' } });
    await expect(confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code })).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    expect(await fetchUserAttributes()).toMatchObject({ email: 'grace@example.com', email_verified: 'true' });
    await signOut();
    // An administrator naming the address in force takes a pending change back too.
    await signIn({ username: 'grace@example.com', password: PASSWORD });
    await updateUserAttributes({ userAttributes: { email: 'grace@other.example' } });
    const other = await t.latestCode('grace@other.example');
    await t.admin.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: POOL_ID,
        Username: 'grace@example.com',
        UserAttributes: [{ Name: 'email', Value: 'grace@example.com' }],
      }),
    );
    await expect(confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: other })).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    expect(await fetchUserAttributes()).toMatchObject({ email: 'grace@example.com' });
    await signOut();
  });

  it('a password reset made elsewhere ends the session: the next refresh answers no tokens (unlike Cognito)', async () => {
    await t.createUser('hopper@example.com');
    await signIn({ username: 'hopper@example.com', password: PASSWORD });
    await t.resetPassword('hopper@example.com', 'Reset-Pass-55');
    expect((await fetchAuthSession({ forceRefresh: true })).tokens).toBeUndefined();
    expect(await signIn({ username: 'hopper@example.com', password: 'Reset-Pass-55' })).toMatchObject({ isSignedIn: true });
    await signOut();
  });

  it('USER_PASSWORD_AUTH, an unconfirmed user’s CONFIRM_SIGN_UP step, the claims Amplify reads, and no device tracking', async () => {
    await t.signUp('pending.amplify@example.com');
    expect(await signIn({ username: 'pending.amplify@example.com', password: PASSWORD })).toMatchObject({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_UP' },
    });
    expect(await resendSignUpCode({ username: 'pending.amplify@example.com' })).toMatchObject({
      deliveryMedium: 'EMAIL',
      attributeName: 'email',
    });
    await confirmSignUp({
      username: 'pending.amplify@example.com',
      confirmationCode: await t.latestCode('pending.amplify@example.com'),
    });
    const signedIn = await signIn({
      username: 'pending.amplify@example.com',
      password: PASSWORD,
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    expect(signedIn).toMatchObject({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const { tokens } = await fetchAuthSession();
    const access = tokens?.accessToken.payload;
    const id = tokens?.idToken?.payload;
    expect(await getCurrentUser()).toMatchObject({
      username: access?.username,
      userId: id?.sub,
      signInDetails: { loginId: 'pending.amplify@example.com', authFlowType: 'USER_PASSWORD_AUTH' },
    });
    expect(id?.['cognito:username']).toBe(access?.username);
    for (const claim of ['origin_jti', 'event_id', 'auth_time'] as const) expect(id?.[claim]).toBe(access?.[claim]);
    // No device tracking, as a Cognito pool without it: nothing to remember, ListDevices unknown.
    await expect(rememberDevice()).rejects.toMatchObject({ name: 'DeviceMetadataNotFoundException' });
    await expect(fetchDevices()).rejects.toMatchObject({ name: 'UnknownOperationException' });
    await signOut();
  });

  it('moves to an address a stranger’s unconfirmed sign-up holds: the verified owner takes it, as in Cognito', async () => {
    await t.createUser('lin@example.com');
    await t.signUp('lin@new.example');
    await signIn({ username: 'lin@example.com', password: PASSWORD });
    const asked = await updateUserAttributes({ userAttributes: { email: 'lin@new.example' } });
    expect(asked.email?.nextStep.updateAttributeStep).toBe('CONFIRM_ATTRIBUTE_WITH_CODE');
    const code = await t.latestCode('lin@new.example');
    // The stranger signs up again meanwhile: still no account, only a sign-up.
    await t.signUp('lin@new.example');
    const signUpCode = await t.latestCode('lin@new.example');
    await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code });
    expect(await fetchUserAttributes()).toMatchObject({ email: 'lin@new.example', email_verified: 'true' });
    await signOut();
    expect(await signIn({ username: 'lin@new.example', password: PASSWORD })).toMatchObject({ isSignedIn: true });
    await signOut();
    // The sign-up is gone: its code confirms nothing.
    expect(
      await failure(
        t.client.send(
          new ConfirmSignUpCommand({ ClientId: CLIENT_ID, Username: 'lin@new.example', ConfirmationCode: signUpCode }),
        ),
      ),
    ).toMatchObject({ name: 'CodeMismatchException' });
    // An administrator setting an address verified takes it from a sign-up as well.
    await t.signUp('lin@third.example');
    await t.admin.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: POOL_ID,
        Username: 'lin@new.example',
        UserAttributes: [
          { Name: 'email', Value: 'lin@third.example' },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    expect(await signIn({ username: 'lin@third.example', password: PASSWORD })).toMatchObject({ isSignedIn: true });
    await signOut();
  });

  // Last: it moves the pool's clock an hour on, past which the admin client's signatures are stale.
  it('resets a password through wrong, spent and expired codes with Cognito’s errors', async () => {
    await t.createUser('reset.amplify@example.com');
    const confirm = (confirmationCode: string) =>
      confirmResetPassword({ username: 'reset.amplify@example.com', newPassword: 'Reset-Pass-55', confirmationCode });
    await resetPassword({ username: 'reset.amplify@example.com' });
    const code = await t.latestCode('reset.amplify@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await expect(confirm(wrong)).rejects.toMatchObject({
        name: 'CodeMismatchException',
        message: 'Invalid verification code provided, please try again.',
      });
    }
    await expect(confirm(code)).rejects.toMatchObject({
      name: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    });
    // A new code starts the count again.
    await resetPassword({ username: 'reset.amplify@example.com' });
    const late = await t.latestCode('reset.amplify@example.com');
    t.clock.advance(3600 * 1000 + 1000);
    await expect(confirm(late)).rejects.toMatchObject({
      name: 'ExpiredCodeException',
      message: 'Invalid code provided, please request a code again.',
    });
  });
});
